// redactTree on a real temporary directory (no Docker): contents and names of what gets uploaded.
import { afterEach, describe, expect, it } from '@jest/globals'
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { redactTree } from '../../../src/report/files.js'
import { Redactor } from '../../../src/report/redact.js'

const secret = 'Canary-f00dFace42'
let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('redactTree', () => {
  it('renames files, directories and links whose names hold a secret form (issue 24)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'redact-names-'))
    const r = new Redactor()
    r.add(secret)
    const b64 = Buffer.from(secret).toString('base64').replace(/=+$/, '').slice(0, -1)
    await mkdir(join(dir, `d-${secret.toLowerCase()}`))
    await writeFile(join(dir, `d-${secret.toLowerCase()}`, `f-${b64}.txt`), `has ${secret}\n`)
    await writeFile(join(dir, `${secret}`), 'plain\n')
    await writeFile(join(dir, '***'), 'taken\n')
    await symlink('/etc/hostname', join(dir, `l-${Buffer.from(secret).toString('hex')}`))
    expect(await redactTree(dir, (s) => r.apply(s))).toBe(5)
    expect((await readdir(dir)).sort()).toEqual(['***', '***-1', 'd-***', 'l-***'])
    expect(await readdir(join(dir, 'd-***'))).toEqual(['f-***.txt'])
    expect(await readFile(join(dir, 'd-***', 'f-***.txt'), 'utf8')).toBe('has ***\n')
    expect(await readFile(join(dir, '***'), 'utf8')).toBe('taken\n')
    expect(await readlink(join(dir, 'l-***'))).toBe('/etc/hostname')
  })
})
