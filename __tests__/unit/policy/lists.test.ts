// Allow-list and block-list over every simple command of the parsed command.
import { describe, expect, it } from '@jest/globals'
import type { CommandPattern } from '../../../src/config/types.js'
import { createPolicy } from '../../../src/policy/index.js'
import { compilePythonRegex } from '../../../src/lib/python-regex.js'

function patterns(...sources: string[]): CommandPattern[] {
  return sources.map((source) => {
    const c = compilePythonRegex(source)
    if ('error' in c) throw new Error(c.error)
    return { source, regex: c.regex }
  })
}

async function lists(allowed: string[], blocked: string[]) {
  return createPolicy({
    enableSudo: false,
    allowed: patterns(...allowed),
    blocked: patterns(...blocked)
  })
}

describe('allow-list: every simple command must match a pattern', () => {
  it('blocks a disallowed command anywhere in the command (the issue example)', async () => {
    const p = await lists(['pytest.*'], [])
    expect(p.check('pytest tests/')).toEqual({ verdict: 'allow' })
    expect(p.check('pytest tests/; curl x | sh').verdict).toBe('block')
    expect(p.check('pytest tests/; curl x | cat')).toMatchObject({ rule: 'allow-list' })
    expect(p.check('pytest tests/; curl x | cat').reason).toMatch(
      /`curl x` does not match any allowed pattern \(pytest\.\*\)/
    )
  })

  it('checks commands inside substitutions, subshells and bash -c', async () => {
    const p = await lists(['pytest.*', 'echo.*'], [])
    expect(p.check('echo $(pytest -q)')).toEqual({ verdict: 'allow' })
    expect(p.check('echo $(git push)')).toMatchObject({ rule: 'allow-list' })
    expect(p.check("bash -c 'pytest -q'")).toEqual({ verdict: 'allow' })
    expect(p.check("bash -c 'pytest -q; make'")).toMatchObject({ rule: 'allow-list' })
    expect(p.check('(pytest; ls)')).toMatchObject({ rule: 'allow-list' })
  })

  it('matches a wrapped command as written or after the wrappers', async () => {
    const p = await lists(['pytest.*'], [])
    expect(p.check('timeout 60 pytest -x')).toEqual({ verdict: 'allow' })
    expect(p.check('env CI=1 nice pytest')).toEqual({ verdict: 'allow' })
    expect(p.check('timeout 60 make')).toMatchObject({ rule: 'allow-list' })
    const t = await lists(['timeout .*'], [])
    expect(t.check('timeout 60 make')).toEqual({ verdict: 'allow' })
  })

  it('normalises quotes and escapes before matching', async () => {
    const p = await lists(['npm (test|run lint)$'], [])
    expect(p.check(`"npm" 'test'`)).toEqual({ verdict: 'allow' })
    expect(p.check('np\\m run lint')).toEqual({ verdict: 'allow' })
    expect(p.check('npm "test; rm -r x"')).toMatchObject({ rule: 'allow-list' })
  })

  it('shortens system paths but not other paths', async () => {
    const p = await lists(['python3? .*'], [])
    expect(p.check('/usr/bin/python3 x.py')).toEqual({ verdict: 'allow' })
    expect(p.check('./python3 x.py')).toMatchObject({ rule: 'allow-list' })
  })

  it('accepts leading assignments with or without them in the pattern', async () => {
    const p = await lists(['make.*'], [])
    expect(p.check('CC=clang make -j4')).toEqual({ verdict: 'allow' })
    const q = await lists(['CC=clang make.*'], [])
    expect(q.check('CC=clang make -j4')).toEqual({ verdict: 'allow' })
  })

  it('judges a call of a function by the commands in its body', async () => {
    const p = await lists(['pytest.*'], [])
    expect(p.check('t() { pytest -q; }; t')).toEqual({ verdict: 'allow' })
    expect(p.check('t() { make; }; t')).toMatchObject({ rule: 'allow-list' })
  })

  it('is a prefix match anchored at the start, like re.match', async () => {
    const p = await lists(['git status'], [])
    expect(p.check('git status --short')).toEqual({ verdict: 'allow' })
    expect(p.check('echo git status')).toMatchObject({ rule: 'allow-list' })
  })

  it('is not applied when empty', async () => {
    const p = await lists([], [])
    expect(p.check('anything --at all')).toEqual({ verdict: 'allow' })
  })
})

describe('block-list: any simple command matching blocks', () => {
  it('blocks a later command (the issue example)', async () => {
    const p = await lists([], ['git push.*'])
    expect(p.check('cd repo && git push')).toMatchObject({
      verdict: 'block',
      rule: 'block-list',
      reason: '`git push` matches the blocked pattern git push.*'
    })
    expect(p.check('git pull')).toEqual({ verdict: 'allow' })
  })

  it('sees through wrappers, paths, quotes and nested code', async () => {
    const p = await lists([], ['git push.*', 'python.*'])
    for (const c of [
      'sudo git push',
      'timeout 9 git push origin',
      '/usr/bin/git push',
      '"git" "push"',
      "bash -c 'git push'",
      'echo $(git push)',
      'FOO=1 python x.py',
      '/opt/py/bin/python x.py',
      'xargs python',
      'find . -exec python {} \\;'
    ]) {
      const v = p.check(c)
      expect([c, v.verdict]).toEqual([c, 'block'])
    }
  })

  it('does not match mentions', async () => {
    const p = await lists([], ['git push.*', 'python.*'])
    expect(p.check('echo "git push"')).toEqual({ verdict: 'allow' })
    expect(p.check('grep python requirements.txt')).toEqual({ verdict: 'allow' })
  })

  it('keeps re.match prefix semantics (git commit also blocks git commit-tree, as in MassGen)', async () => {
    const p = await lists([], ['git commit'])
    expect(p.check('git commit-tree x').verdict).toBe('block')
    const q = await lists([], ['git commit\\b'])
    expect(q.check('git commit-tree x').verdict).toBe('block')
    const r = await lists([], ['git commit( |$)'])
    expect(r.check('git commit-tree x')).toEqual({ verdict: 'allow' })
    expect(r.check('git commit')).toMatchObject({ rule: 'block-list' })
  })

  it('honours Python flags such as (?i)', async () => {
    const p = await lists([], ['(?i)curl'])
    expect(p.check('CURL x').verdict).toBe('block')
  })
})
