// The building blocks: wasm location, word normalisation, path classes, chmod modes.
import { describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { createBashParser, locateWasm } from '../../../src/policy/bash-parser.js'
import { criticalTarget, isDevice, isSystemPath } from '../../../src/policy/paths.js'
import { setsIdBit } from '../../../src/policy/rules.js'
import { decodeAnsiC, wordsOf } from '../../../src/policy/words.js'

describe('locateWasm', () => {
  it.each(['tree-sitter.wasm', 'tree-sitter-bash.wasm'])(
    'finds %s from source (node_modules)',
    (f) => {
      const p = locateWasm(f)
      expect(p.endsWith(f)).toBe(true)
      expect(existsSync(p)).toBe(true)
    }
  )
})

describe('wordsOf', () => {
  async function words(src: string) {
    const parser = await createBashParser()
    const tree = parser.parse(`x ${src}`)
    if (!tree) throw new Error('no tree')
    const cmd = tree.rootNode.descendantsOfType('command')[0]
    const arg = cmd?.childrenForFieldName('argument')[0]
    if (!arg) throw new Error('no argument')
    const out = wordsOf(arg)
    tree.delete()
    return out
  }

  it.each([
    ['r\\m', ['rm']],
    [`"a b"'c'd`, ['a bcd']],
    [`$'\\x2f\\101\\n'`, ['/A\n']],
    [`"\\$HOME \\q"`, ['$HOME \\q']],
    ['/{etc,usr}', ['/etc', '/usr']],
    ['f{,.bak}', ['f', 'f.bak']],
    ['{1..3}', ['1', '2', '3']],
    [`"{a,b}"`, ['{a,b}']],
    ['a\\{b,c}', ['a{b,c}']]
  ])('%s → %j', async (src, expected) => {
    expect((await words(src)).map((w) => w.value)).toEqual(expected)
  })

  it('marks expansions dynamic and records what they would be if empty', async () => {
    const [w] = await words('"$DIR"/*')
    expect(w).toMatchObject({ value: '$DIR/*', dynamic: true, ifEmpty: '/*', glob: true })
    const [h] = await words('${HOME}/x')
    expect(h.ifEmpty).toBe('~/x')
    const [g] = await words('"${D:?}/"')
    expect(g.ifEmpty).toBe('x/')
    const [s] = await words('$(echo rm)')
    expect(s).toMatchObject({ dynamic: true, substitution: true })
  })

  it('does not treat quoted glob characters as globs', async () => {
    expect((await words('"*"'))[0].glob).toBe(false)
    expect((await words('/b?n'))[0].glob).toBe(true)
  })
})

describe('decodeAnsiC', () => {
  it('decodes bash $-string escapes', () => {
    expect(decodeAnsiC('\\x72\\x6d \\055rf \\u002f\\cA\\e')).toBe('rm -rf /\x01\x1b')
  })
})

describe('criticalTarget', () => {
  it.each([
    '/',
    '//',
    '/*',
    '/.',
    '/etc',
    '/etc/',
    '/usr/*',
    '/usr/lib',
    '/e??',
    '/home/u',
    '/home/*',
    '~',
    '~/',
    '~/*',
    '~/.*',
    '~bob',
    '/tmp/../etc'
  ])('%s is critical', (p) => expect(criticalTarget(p)).toEqual(expect.any(String)))
  it.each([
    '/tmp',
    '/tmp/*',
    '/t*',
    '/var/lib/apt/lists/*',
    '/usr/local/lib/x',
    '/home/u/proj',
    '~/.cache',
    'build',
    './',
    '*',
    '/opt/app/build'
  ])('%s is not', (p) => expect(criticalTarget(p)).toBeUndefined())
})

describe('devices and system paths', () => {
  it('tells devices from safe /dev entries', () => {
    expect(
      ['/dev/sda', '/dev/nvme0n1p2', '/dev/mem', '/dev/mapper/root', '/dev/../dev/sdb'].map(
        isDevice
      )
    ).toEqual([true, true, true, true, true])
    expect(
      ['/dev/null', '/dev/stdout', '/dev/fd/3', '/dev/shm/x', '/dev/tty', 'dev/sda'].map(isDevice)
    ).toEqual([false, false, false, false, false, false])
  })
  it('knows system paths for chmod/chown', () => {
    expect(['/', '/etc/passwd', '/usr/local/bin/x', '/bin', '/home'].map(isSystemPath)).toEqual([
      true,
      true,
      true,
      true,
      true
    ])
    expect(['/tmp/x', '/home/u/x', './etc', 'usr/bin'].map(isSystemPath)).toEqual([
      false,
      false,
      false,
      false
    ])
  })
})

describe('setsIdBit', () => {
  it.each(['4755', '2755', '6755', '04755', 'u+s', 'g+s', '+s', 'a+s', 'ug=rwxs', 'u+x,g+s'])(
    '%s sets it',
    (m) => expect(setsIdBit(m)).toBe(true)
  )
  it.each(['755', '0755', '1777', '+x', 'u-s', 'o+s', 'a+t', 'u+rwx,go-w'])('%s does not', (m) =>
    expect(setsIdBit(m)).toBe(false)
  )
})
