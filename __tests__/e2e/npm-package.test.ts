// The installable CLI: `npm pack` of this repository, `npm install -g` of the tarball into a
// temporary prefix, then the installed `massgen-exec` on PATH runs the bundled quickstart example
// from a directory outside the repository, so everything it needs (the bundle, the docker/ build
// context) must come from the installed package.
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunResults } from '../../src/report/types.js'

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

describe('npm pack + npm install -g', () => {
  it('installs a massgen-exec that runs examples/quickstart.yaml', () => {
    const repo = process.cwd()
    const dir = mkdtempSync(join(tmpdir(), 'npm-package-'))
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], repo)) as {
      filename: string
      files: { path: string }[]
    }[]
    const files = packed[0].files.map((f) => f.path)
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/cli/index.js',
        'dist/index.js',
        'docker/Dockerfile',
        'docker/Dockerfile.sudo',
        'scripts/gvisor.sh',
        'scripts/srt-deps.sh',
        'schema/massgen-exec.schema.json',
        'examples/quickstart.yaml'
      ])
    )
    expect(files.filter((f) => /^(src|__tests__|bench|node_modules)\//.test(f))).toEqual([])

    const prefix = join(dir, 'prefix')
    // The bundle carries its dependencies: the install adds one package and needs no registry.
    npm(
      [
        'install',
        '-g',
        '--prefix',
        prefix,
        '--offline',
        '--no-audit',
        '--no-fund',
        join(dir, packed[0].filename)
      ],
      dir
    )
    expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual(['massgen-exec-action'])
    const bin = join(prefix, 'bin', 'massgen-exec')
    expect(existsSync(bin)).toBe(true)

    const work = join(dir, 'work')
    execFileSync('mkdir', ['-p', work])
    copyFileSync(join(repo, 'examples', 'quickstart.yaml'), join(work, 'quickstart.yaml'))
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: `${join(prefix, 'bin')}:${process.env.PATH}`
    }
    delete env.MASSGEN_EXEC_ROOT
    const out = execFileSync('massgen-exec', ['run', 'quickstart.yaml', '--out', 'results'], {
      cwd: work,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe']
    })
    expect(out).toMatch(/^passed: /m)
    const res = JSON.parse(
      readFileSync(join(work, 'results', 'results.json'), 'utf8')
    ) as RunResults
    expect(res.agents.map((a) => [a.id, a.status])).toEqual([
      ['coder', 'passed'],
      ['reviewer', 'passed']
    ])
  }, 600_000)
})
