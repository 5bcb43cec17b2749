// compare.evidence / require / mutation: loaded as written, ranges checked at their keys.
import { describe, expect, it } from '@jest/globals'
import type { RunStep } from '../../../src/config/types.js'
import { configLoader } from '../../helpers/config.js'

const agent = (steps: string) =>
  `agent:\n  id: a\n  backend: {cwd: /work/project/ws}\n  commands:\n${steps}`
const { load, issues } = configLoader()

describe('compare evidence options', () => {
  it('loads evidence, require and the mutation budget', () => {
    const plan = load(
      agent(`    - run: pytest --junitxml=r.xml
      junit: r.xml
      compare:
        tests: ["tests/**"]
        evidence: [coverage, mutation, coverage]
        require: {changed_line_coverage: 0.8, mutation_score: 0.7}
        mutation: {max_mutants: 20, time_limit: 120}
`)
    )
    const step = plan.agents[0].steps[0] as RunStep
    expect(step.compare).toMatchObject({
      evidence: ['coverage', 'mutation'],
      require: { changed_line_coverage: 0.8, mutation_score: 0.7 },
      mutation: { max_mutants: 20, time_limit: 120 }
    })
  })

  it('leaves them out when not given', () => {
    const step = load(
      agent(`    - run: pytest
      junit: r.xml
      compare: {tests: ["tests/**"]}
`)
    ).agents[0].steps[0] as RunStep
    expect(step.compare).not.toHaveProperty('evidence')
    expect(step.compare).not.toHaveProperty('require')
  })

  it('reports a bad kind, a ratio out of 0..1 and a bad budget at their keys', () => {
    const found = issues(
      agent(`    - run: pytest
      junit: r.xml
      compare:
        tests: ["tests/**"]
        evidence: [coverage, mutants]
        require: {changed_line_coverage: 80, mutation_score: -1, branch: 1}
        mutation: {max_mutants: 0, time_limit: 0}
`)
    )
    expect(found.join('\n')).toMatch(/c\.yaml:9:\d+: .*mutants/)
    expect(found.join('\n')).toMatch(/c\.yaml:10:\d+: .*at most 1, got 80/)
    expect(found.join('\n')).toMatch(/c\.yaml:10:\d+: .*at least 0, got -1/)
    expect(found.join('\n')).toMatch(/c\.yaml:10:\d+: .*branch/)
    expect(found.join('\n')).toMatch(/c\.yaml:11:\d+: .*at least 1, got 0/)
    expect(found.join('\n')).toMatch(/c\.yaml:11:\d+: .*greater than 0, got 0/)
  })
})
