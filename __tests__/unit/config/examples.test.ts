import { describe, expect, it } from '@jest/globals'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { toJsonSchema } from '../../../src/config/json-schema.js'
import { loadConfig } from '../../../src/config/load.js'
import { CONFIG } from '../../../src/config/schema.js'

const dirs = ['examples', '__tests__/fixtures/massgen']
const files = dirs.flatMap((d) =>
  readdirSync(d)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => join(d, f))
)
const schema = JSON.parse(readFileSync('schema/massgen-exec.schema.json', 'utf8'))

describe('examples and MassGen config shapes', () => {
  it('covers the bundled examples and the MassGen seeds', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'examples/quickstart.yaml',
        '__tests__/fixtures/massgen/docker_multi_agent.yaml',
        '__tests__/fixtures/massgen/docker_resource_limits.yaml',
        '__tests__/fixtures/massgen/docker_sudo.yaml',
        '__tests__/fixtures/massgen/docker_simple.yaml'
      ])
    )
  })

  it.each(files)('%s loads', async (file) => {
    const plan = await loadConfig(file)
    expect(plan.agents.length).toBeGreaterThan(0)
  })

  it('examples use no unsafe setting but local.yaml (no-sandbox) and the credential seeds (host-paths)', async () => {
    const classes: Record<string, string[]> = {}
    for (const f of files) {
      const found = (await loadConfig(f)).unsafe ?? []
      if (found.length) classes[f] = [...new Set(found.map((u) => u.class))]
    }
    expect(classes).toEqual({
      'examples/local.yaml': ['no-sandbox'],
      '__tests__/fixtures/massgen/github_readonly.yaml': ['host-paths'],
      '__tests__/fixtures/massgen/massgen_full_dev.yaml': ['host-paths']
    })
  })

  it('the PR workflow reads the config from the base: pull_request, contents: read, config-ref, full history', () => {
    const wf = parse(readFileSync('examples/workflows/pr-verify-agent-tests.yml', 'utf8'))
    expect(Object.keys(wf.on)).toEqual(['pull_request'])
    expect(wf.permissions).toEqual({ contents: 'read' })
    const steps = wf.jobs.verify.steps as { uses?: string; with?: Record<string, unknown> }[]
    const checkout = steps.find((s) => s.uses?.startsWith('actions/checkout'))
    expect(checkout?.with?.['fetch-depth']).toBe(0)
    const action = steps.find((s) => s.uses?.startsWith('org/massgen-exec-action'))
    expect(action?.with?.['config-ref']).toBe('${{ github.event.pull_request.base.sha }}')
    expect(action?.with?.['allow-unsafe']).toBeUndefined()
    for (const f of readdirSync('examples/workflows'))
      expect([f, readFileSync(join('examples/workflows', f), 'utf8')]).not.toEqual([
        f,
        expect.stringContaining('pull_request_target:')
      ])
  })

  it('the committed JSON Schema is generated from the loader schema (npm run schema)', () => {
    expect(schema).toEqual(toJsonSchema(CONFIG))
  })

  it.each(files)('%s validates against the JSON Schema', (file) => {
    const ajv = new Ajv2020({ allErrors: true, strict: false })
    const validate = ajv.compile(schema)
    const ok = validate(parse(readFileSync(file, 'utf8')))
    expect(validate.errors ?? []).toEqual([])
    expect(ok).toBe(true)
  })

  it('the JSON Schema rejects what the loader rejects: a misspelled execution key, a bad enum', () => {
    const validate = new Ajv2020({ strict: false }).compile(schema)
    expect(validate({ agent: { backend: { command_line_docker_memory_limt: '2g' } } })).toBe(false)
    expect(validate({ agent: { backend: { command_line_docker_network_mode: 'bridged' } } })).toBe(
      false
    )
    expect(validate({ agent: { backend: { model: 'anything', type: 'x' } } })).toBe(true)
    expect(validate({ agent: {}, agents: [] })).toBe(false)
  })
})
