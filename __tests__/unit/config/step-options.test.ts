// Step keys for verified tests: retries and compare (shape, defaults, rules between keys).
import { describe, expect, it } from '@jest/globals'
import type { RunStep } from '../../../src/config/types.js'
import { configLoader } from '../../helpers/config.js'

const wd = '/work/project'
const agent = (steps: string, backend = '{cwd: /work/project/ws}') =>
  `agent:\n  id: a\n  backend: ${backend}\n  commands:\n${steps}`
const { load, issues } = configLoader(wd)

describe('retries and compare', () => {
  it('loads them, resolving compare.repo against the workspace like work_dir', () => {
    const plan = load(
      agent(
        `    - run: pytest --junitxml=r.xml
      junit: r.xml
      retries: 2
      compare:
        base: origin/main
        tests: ["tests/**", "!tests/fixtures/**"]
    - run: pytest
      work_dir: ../checkout/sub
      junit: r.xml
      compare: {repo: ../checkout, tests: ["**/test_*.py"]}
`,
        '{cwd: /work/project/ws, context_paths: [{path: checkout}]}'
      )
    )
    const [one, two] = plan.agents[0].steps as RunStep[]
    expect(one).toMatchObject({
      retries: 2,
      compare: {
        repo: '/work/project/ws',
        base: 'origin/main',
        tests: ['tests/**', '!tests/fixtures/**']
      }
    })
    expect(two.retries).toBeUndefined()
    expect(two.compare).toEqual({
      repo: '/work/project/checkout',
      base: undefined,
      tests: ['**/test_*.py']
    })
  })

  it('reports each broken rule at its key', () => {
    expect(
      issues(
        agent(
          `    - run: pytest
      compare: {tests: ["tests/**"]}
    - run: pytest
      junit: r.xml
      background: true
      retries: 1
    - run: pytest
      junit: r.xml
      compare: {tests: ["!tests/**"]}
    - run: pytest
      junit: r.xml
      compare: {repo: /etc, tests: ["t/**"]}
    - run: pytest
      junit: r.xml
      work_dir: other
      compare: {repo: sub, tests: ["t/**"]}
`
        )
      )
    ).toEqual([
      'c.yaml:6:16: compare needs "junit": the transitions are read per test from it',
      'c.yaml:9:19: a background step cannot have "junit", "retries" or "compare"',
      'c.yaml:13:24: compare.tests needs at least one pattern (not only "!" exclusions)',
      "c.yaml:16:23: compare.repo /etc is outside the agent's workspace and context paths",
      'c.yaml:16:16: the step runs in /work/project/ws, outside compare.repo /etc: set work_dir inside the repository',
      'c.yaml:19:17: the step runs in /work/project/ws/other, outside compare.repo /work/project/ws/sub: set work_dir inside the repository'
    ])
  })

  it('checks their shape', () => {
    expect(
      issues(
        agent(`    - run: pytest
      retries: -1
      compare: {tests: ["t"], base: main, bogus: 1}
`)
      )
    ).toEqual([
      'c.yaml:6:16: agent.commands[0].retries: must be at least 0, got -1',
      'c.yaml:7:43: agent.commands[0].compare: unknown key "bogus"'
    ])
  })
})
