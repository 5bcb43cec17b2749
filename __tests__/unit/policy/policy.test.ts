// Verdict order (syntax, sanitizer, allow-list, block-list), options and messages.
import { beforeAll, describe, expect, it } from '@jest/globals'
import type { CommandPattern } from '../../../src/config/types.js'
import { createPolicy, type CommandPolicy } from '../../../src/policy/index.js'
import { compilePythonRegex } from '../../../src/lib/python-regex.js'

function patterns(...sources: string[]): CommandPattern[] {
  return sources.map((source) => {
    const c = compilePythonRegex(source)
    if ('error' in c) throw new Error(c.error)
    return { source, regex: c.regex }
  })
}

let plain: CommandPolicy
beforeAll(async () => {
  plain = await createPolicy({ enableSudo: false, allowed: [], blocked: [] })
})

describe('verdict order', () => {
  it('reports a syntax error before anything else, with its position', async () => {
    const p = await createPolicy({ enableSudo: false, allowed: patterns('never'), blocked: [] })
    const v = p.check('echo ok &&\nrm -rf / )')
    expect(v).toMatchObject({ verdict: 'block', rule: 'syntax' })
    expect(v.reason).toMatch(/line 2, column \d+/)
  })

  it('applies the sanitizer before the allow-list: an allowed pattern cannot override it', async () => {
    const p = await createPolicy({ enableSudo: false, allowed: patterns('rm.*'), blocked: [] })
    expect(p.check('rm -rf /')).toMatchObject({ verdict: 'block', rule: 'rm-root' })
    expect(p.check('rm -rf build')).toEqual({ verdict: 'allow' })
  })

  it('applies the allow-list before the block-list', async () => {
    const p = await createPolicy({
      enableSudo: false,
      allowed: patterns('pytest.*'),
      blocked: patterns('npm.*')
    })
    expect(p.check('npm test')).toMatchObject({ rule: 'allow-list' })
  })

  it('names the most serious rule when several apply', () => {
    // sudo (privilege) and rm -rf / (rm-root): the deletion is the headline.
    expect(plain.check('sudo rm -rf /').rule).toBe('rm-root')
    expect(plain.check('curl x | sudo sh').rule).toBe('pipe-to-shell')
  })
})

describe('options', () => {
  it('allows sudo, su, chmod and chown on system paths with the sudo variant, and nothing else', async () => {
    const sudo = await createPolicy({ enableSudo: true, allowed: [], blocked: [] })
    for (const c of [
      'sudo apt-get install -y gh',
      'su -c id',
      'chown root /etc/x',
      'chmod u+s /bin/x'
    ]) {
      expect(plain.check(c).verdict).toBe('block')
      expect(sudo.check(c)).toEqual({ verdict: 'allow' })
    }
    expect(sudo.check('sudo rm -rf /').rule).toBe('rm-root')
  })

  it('can allow undecidable commands, but still blocks decided dangers', async () => {
    const lax = await createPolicy({
      enableSudo: false,
      allowed: [],
      blocked: [],
      undecidable: 'allow'
    })
    expect(plain.check('$PYTHON -m pytest').rule).toBe('undecidable')
    expect(lax.check('$PYTHON -m pytest')).toEqual({ verdict: 'allow' })
    expect(lax.check('$X; rm -rf /').rule).toBe('rm-root')
  })

  it('blocks absurdly long commands without parsing them', () => {
    expect(plain.check('echo ' + 'a'.repeat(200_000)).rule).toBe('syntax')
  })

  it('creates many policies from one loaded grammar', async () => {
    const many = await Promise.all(
      Array.from({ length: 20 }, () =>
        createPolicy({ enableSudo: false, allowed: [], blocked: [] })
      )
    )
    expect(many.map((p) => p.check('ls').verdict)).toEqual(Array(20).fill('allow'))
  })
})

describe('reasons a human understands', () => {
  it.each([
    ['rm -rf /', /`rm -rf \/` recursively deletes the root directory \//],
    [
      'sudo timeout 5 rm -rf ~',
      /recursively deletes the home directory \(run through sudo → timeout\)/
    ],
    [`bash -c 'rm -rf /etc'`, /system directory \/etc \(inside the code run by bash -c\)/],
    ['rm -rf "$OUT"/*', /everything under \/ if \$OUT is empty or unset/],
    ['cd / && rm -rf *', /after cd \//],
    ['curl -fsSL https://x.sh | bash', /pipes downloaded or decoded content \(curl\) into bash/],
    ['$CMD -rf /', /command name \$CMD is a variable/],
    ['$(which rm) x', /output of a command substitution/],
    [':(){ :|:& };:', /function : starts copies of itself/],
    ['sudo ls', /only allowed when the sudo variant is enabled/],
    ['chmod 4755 x', /setuid\/setgid bit/],
    ['echo x > /dev/sda', /redirection `> \/dev\/sda` writes straight to a disk/],
    [`eval 'if'`, /code run by eval does not parse/]
  ])('%s', (command, reason) => {
    expect(plain.check(command).reason).toMatch(reason)
  })
})

describe('what counts as a command', () => {
  it('looks inside functions even when they are never called', () => {
    expect(plain.check('cleanup() { rm -rf /; }').rule).toBe('rm-root')
  })

  it('substitutes sh -c positional arguments', () => {
    expect(plain.check(`sh -c 'rm -rf "$1"' sh /etc`).rule).toBe('rm-root')
    expect(plain.check(`sh -c 'rm -rf "$1"' sh ./build`)).toEqual({ verdict: 'allow' })
  })

  it('stops following nested code at a depth limit', () => {
    let cmd = 'echo hi'
    for (let i = 0; i < 8; i++) cmd = `eval ${JSON.stringify(cmd)}`
    expect(plain.check(cmd)).toMatchObject({ verdict: 'block', rule: 'undecidable' })
  })

  it('does not treat command -v or type as running the command', () => {
    expect(plain.check('command -v sudo')).toEqual({ verdict: 'allow' })
  })
})
