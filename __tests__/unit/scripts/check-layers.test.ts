// scripts/check-layers.mjs, the layering check `npm run lint` runs: clean on src/ as it is, and
// failing (exit 1, `file:line: message`) on a temporary copy of src/ with one boundary-breaking
// import added — one copy per rule, so each rule is shown to bite.
import { afterAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const temps: string[] = []
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })))

function check(srcDir = 'src') {
  const r = spawnSync(process.execPath, ['scripts/check-layers.mjs', srcDir], { encoding: 'utf8' })
  return { code: r.status, stderr: r.stderr }
}

/** A copy of src/ with `line` appended to `file` (or a new file written). */
function copyWith(file: string, line: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mgx-layers-'))
  temps.push(dir)
  const src = join(dir, 'src')
  cpSync('src', src, { recursive: true })
  appendFileSync(join(src, file), `\n${line}\n`)
  return src
}

describe('check-layers', () => {
  it('passes on src/ as it is', () => {
    expect(check()).toEqual({ code: 0, stderr: '' })
  })

  it.each([
    [
      'config/ imports runtime/',
      'config/memory.ts',
      "import { HARNESS_PATH } from '../runtime/docker/index.js'",
      /config\/memory\.ts:\d+: config\/ may not import from runtime\//
    ],
    [
      'policy/ imports run/ (type-only counts)',
      'policy/lists.ts',
      "import type { RunPlan } from '../run/plan.js'",
      /policy\/lists\.ts:\d+: policy\/ may not import from run\//
    ],
    [
      'config/ imports isolation/ through a dynamic import',
      'config/memory.ts',
      "export const later = () => import('../isolation/outcome.js')",
      /config\/ may not import from isolation\//
    ],
    [
      'report/ imports runtime/',
      'report/totals.ts',
      "export { runExec } from '../runtime/docker/index.js'",
      /report\/totals\.ts:\d+: report\/ may not import from runtime\//
    ],
    [
      'a module other than the client imports dockerode',
      'runtime/docker/exec.ts',
      "import Docker from 'dockerode'",
      /runtime\/docker\/exec\.ts:\d+: only runtime\/docker\/docker-container-client\.ts imports dockerode/
    ],
    [
      'an outside module imports a docker internal',
      'run/plan.ts',
      "import { planMounts } from '../runtime/docker/container-spec.js'",
      /run\/plan\.ts:\d+: outside runtime\/docker\/ import only its index\.ts/
    ],
    [
      'two folders import each other (report → run while run → report)',
      'report/totals.ts',
      "import type { RunPlan } from '../run/plan.js'",
      /import cycle between folders: .*report → run.*run → report|import cycle between folders: .*run → report.*report → run/
    ]
  ])('fails when %s', (_what, file, line, message) => {
    const r = check(copyWith(file, line))
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(message)
    expect(r.stderr).toMatch(/check-layers: \d+ import\(s\) break the layering/)
  })

  it('allows what the layering allows: runtime/ → config/, a docker module → its siblings', () => {
    const src = copyWith(
      'runtime/docker/exec.ts',
      "import { SYSTEM_CA } from '../../config/defaults.js'"
    )
    writeFileSync(
      join(src, 'runtime/docker/extra.ts'),
      "import { planMounts } from './container-spec.js'\nexport const x = planMounts\n"
    )
    expect(check(src)).toEqual({ code: 0, stderr: '' })
  })
})
