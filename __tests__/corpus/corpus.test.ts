// Every config MassGen v0.1.12 ships must load, validated as a new user would run it: from the
// corpus root (MASSGEN_CONFIGS_DIR, default <repo>/../shared/massgen-configs). The four legacy v1
// files must be refused with a message that says what they are.
// The corpus is not in this repository: it is MassGen v0.1.12's own `massgen/configs/` and
// `massgen/v1/examples/` (https://github.com/massgen/MassGen, tag v0.1.12), laid out as
// <root>/massgen/configs/… and <root>/massgen/v1/examples/…. That is why this is its own jest
// project (`npm run test:corpus`, part of `npm test`), not a unit test: a fresh clone's
// `npm run test:unit` needs nothing.
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { ConfigError } from '../../src/errors.js'
import { loadConfig } from '../../src/config/load.js'
import type { RunPlan } from '../../src/config/types.js'

const CORPUS = resolve(
  process.env.MASSGEN_CONFIGS_DIR ?? join(process.cwd(), '../shared/massgen-configs')
)

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const p = join(dir, name)
      if (statSync(p).isDirectory()) return yamlFiles(p)
      return /\.ya?ml$/.test(name) ? [p] : []
    })
    .sort()
}

function corpus(sub: string): string[] {
  if (!existsSync(CORPUS)) {
    throw new Error(
      `the MassGen config corpus is missing: ${CORPUS} does not exist. ` +
        "it is MassGen v0.1.12's massgen/configs and massgen/v1/examples (https://github.com/massgen/MassGen, tag v0.1.12); " +
        'CI has it next to the repository (../shared/massgen-configs); elsewhere point MASSGEN_CONFIGS_DIR at a directory holding massgen/configs and massgen/v1/examples.'
    )
  }
  return yamlFiles(join(CORPUS, sub)).map((f) => relative(CORPUS, f))
}

const load = (file: string): Promise<RunPlan> =>
  loadConfig(join(CORPUS, file), { workingDirectory: CORPUS })

describe('the MassGen v0.1.12 config corpus', () => {
  it('loads all 214 shipped configs (massgen/configs)', async () => {
    const files = corpus('massgen/configs')
    expect(files).toHaveLength(214)
    const failed: string[] = []
    let agents = 0
    for (const f of files) {
      try {
        agents += (await load(f)).agents.length
      } catch (e) {
        if (!(e instanceof ConfigError)) throw e
        failed.push(e.message)
      }
    }
    expect(failed).toEqual([])
    expect(agents).toBe(398)
  })

  it('refuses the 4 legacy v1 examples, saying they are the legacy format', async () => {
    const files = corpus('massgen/v1/examples')
    expect(files).toHaveLength(4)
    for (const f of files) {
      const err = await load(f).then(
        () => undefined,
        (e: unknown) => e
      )
      expect(err).toBeInstanceOf(ConfigError)
      const lines = (err as ConfigError).message.split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0].startsWith(`${join(CORPUS, f)}:`)).toBe(true)
      expect(lines[0]).toMatch(
        /:\d+:\d+: agents\[0\] is in MassGen's legacy v1 format \("agent_id", "agent_type", "model_config"\), which only massgen\.v1 reads/
      )
    }
  })

  it('means what MassGen means: no cwd, no workspace check; cwd under .massgen/workspaces', async () => {
    corpus('massgen/configs')
    const fifty = await load('massgen/configs/basic/multi/fifty_gemini_agents.yaml')
    expect(fifty.agents).toHaveLength(50)
    expect(fifty.agents.every((a) => a.workspaceSource === 'default' && a.steps.length === 0)).toBe(
      true
    )
    const docker = await load('massgen/configs/tools/code-execution/docker_simple.yaml')
    expect(docker.agents[0]).toMatchObject({
      mode: 'docker',
      workspaceSource: 'cwd',
      workspace: join(CORPUS, '.massgen/workspaces/workspace1'),
      tempWorkspace: join(CORPUS, '.massgen/temp_workspaces')
    })
    expect(docker.ignored?.map((i) => i.path)).toEqual(
      expect.arrayContaining(['agent.backend.type', 'agent.backend.model', 'ui'])
    )
  })

  it('unsafe settings: only host-paths, the credential mounts of 2 configs (README, Trust model)', async () => {
    const found: string[] = []
    for (const f of corpus('massgen/configs'))
      for (const u of (await load(f)).unsafe ?? []) found.push(`${f} ${u.class} ${u.key}`)
    const creds = 'agent.backend.command_line_docker_credentials.mount'
    expect(found).toEqual([
      `massgen/configs/tools/code-execution/docker_full_dev_setup.yaml host-paths ${creds}[0]`,
      `massgen/configs/tools/code-execution/docker_full_dev_setup.yaml host-paths ${creds}[1]`,
      `massgen/configs/tools/code-execution/docker_github_readonly.yaml host-paths ${creds}[0]`,
      `massgen/configs/tools/code-execution/docker_github_readonly.yaml host-paths ${creds}[1]`,
      `massgen/configs/tools/code-execution/docker_github_readonly.yaml host-paths ${creds}[2]`
    ])
  })
})
