import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEnvFile, resolveCredentials } from '../../../../src/runtime/docker/credentials.js'
import type { CredentialsConfig } from '../../../../src/config/types.js'

const config = (extra: Partial<CredentialsConfig>): CredentialsConfig => ({
  mount: [],
  additionalMounts: [],
  envVars: [],
  envVarsFromFile: [],
  passAllEnv: false,
  ...extra
})

describe('parseEnvFile', () => {
  it('reads KEY=VALUE lines, skipping comments and blanks, stripping one pair of quotes', () => {
    expect(parseEnvFile('# c\n\nA=1\nB="two words"\nexport C=\'3\'\nD=x=y\nnot a pair\n')).toEqual({
      A: '1',
      B: 'two words',
      C: '3',
      D: 'x=y'
    })
  })
})

describe('resolveCredentials', () => {
  const home = mkdtempSync(join(tmpdir(), 'mgx-home-'))
  mkdirSync(join(home, '.ssh'))
  writeFileSync(join(home, '.gitconfig'), '[user]\n')
  const envFile = join(home, '.env')
  writeFileSync(envFile, 'GITHUB_TOKEN=from-file\nOTHER=o\n')

  it('copies only named host variables; env_file filtered; later sources win', () => {
    const r = resolveCredentials(
      config({ envFile, envVarsFromFile: ['GITHUB_TOKEN'], envVars: ['GITHUB_TOKEN', 'MISSING'] }),
      { GITHUB_TOKEN: 'from-host', SECRET: 'no' },
      home
    )
    expect(r.env).toEqual({ GITHUB_TOKEN: 'from-host' })
    expect(r.warnings.join('\n')).toMatch(/MISSING is not set/)
  })

  it('passes the whole host environment only when pass_all_env is set', () => {
    expect(resolveCredentials(config({ passAllEnv: true }), { A: 'a' }, home).env).toEqual({
      A: 'a'
    })
    expect(resolveCredentials(config({}), { A: 'a' }, home).env).toEqual({})
  })

  it('mounts named credentials read-only under the agent home; additional mounts default ro', () => {
    const r = resolveCredentials(
      config({
        mount: ['ssh_keys', 'git_config', 'gh_config'],
        additionalMounts: [
          { hostPath: join(home, '.ssh'), bind: '/data/ro', mode: 'ro' },
          { hostPath: join(home, '.ssh'), bind: '/data/rw', mode: 'rw' },
          { hostPath: join(home, 'absent'), bind: '/data/x', mode: 'ro' }
        ]
      }),
      {},
      home
    )
    expect(r.mounts).toEqual([
      { source: join(home, '.ssh'), target: '/home/massgen/.ssh', readOnly: true },
      { source: join(home, '.gitconfig'), target: '/home/massgen/.gitconfig', readOnly: true },
      { source: join(home, '.ssh'), target: '/data/ro', readOnly: true },
      { source: join(home, '.ssh'), target: '/data/rw', readOnly: false }
    ])
    expect(r.warnings.join('\n')).toMatch(/gh_config: .* does not exist/)
    expect(r.warnings.join('\n')).toMatch(/absent does not exist/)
  })
})
