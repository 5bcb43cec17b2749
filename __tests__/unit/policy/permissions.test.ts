// MassGen 2026 `permissions:` rules in the policy: deny blocks, ask blocks (nobody approves in a
// scripted run) unless an allow matches, allow never overrides a rule or a list; file rules
// apply to file steps.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { parseRule, roleRules } from '../../../src/config/permissions.js'
import type { PermissionRule } from '../../../src/config/types.js'
import { createPolicy, type CommandPolicy } from '../../../src/policy/index.js'
import { globToRegExp } from '../../../src/policy/permissions.js'
import { compilePythonRegex } from '../../../src/lib/python-regex.js'

function rules(spec: Partial<Record<'deny' | 'ask' | 'allow', string[]>>): PermissionRule[] {
  return (['deny', 'ask', 'allow'] as const).flatMap((d) =>
    (spec[d] ?? []).map((s) => {
      const r = parseRule(s, d)
      if (!('rule' in r)) throw new Error(`not applicable: ${s}`)
      return r.rule
    })
  )
}

async function policy(
  spec: Partial<Record<'deny' | 'ask' | 'allow', string[]>>,
  extra: { blocked?: string[]; allowed?: string[] } = {}
): Promise<CommandPolicy> {
  const compile = (list: string[] = []) =>
    list.map((source) => {
      const c = compilePythonRegex(source)
      if ('error' in c) throw new Error(c.error)
      return { source, regex: c.regex }
    })
  return createPolicy({
    enableSudo: false,
    allowed: compile(extra.allowed),
    blocked: compile(extra.blocked),
    permissions: rules(spec)
  })
}

describe('glob semantics (fnmatch.fnmatchcase)', () => {
  it.each([
    ['git push --force*', 'git push --force origin main', true],
    ['git push --force*', 'git push origin main', false],
    ['/etc/**', '/etc/ssh/sshd_config', true],
    ['/etc/*', '/etc/ssh/sshd_config', true],
    ['./**', './src/a.py', true],
    ['./**', 'src/a.py', false],
    ['file?.txt', 'file1.txt', true],
    ['file?.txt', 'file10.txt', false],
    ['[!a]*', 'b.txt', true],
    ['[!a]*', 'a.txt', false],
    ['[ab].txt', 'b.txt', true],
    ['a.b', 'axb', false],
    ['(x)+', '(x)+', true],
    ['[unclosed', '[unclosed', true],
    ['Git*', 'git status', false]
  ])('%s vs %s → %s', (glob, text, expected) => {
    expect(globToRegExp(glob).test(text)).toBe(expected)
  })
})

describe('command rules', () => {
  let p: CommandPolicy
  beforeAll(async () => {
    p = await policy({
      deny: ['command(git push --force*)'],
      ask: ['command(npm publish*)', 'command(git push*)'],
      allow: ['command(git push origin feature*)']
    })
  })

  it('deny blocks with rule permissions-deny and the rule text in the reason', () => {
    expect(p.check('git push --force origin main')).toEqual({
      verdict: 'block',
      rule: 'permissions-deny',
      reason:
        '`git push --force origin main` matches the permissions deny rule command(git push --force*)'
    })
    expect(p.check('git status').verdict).toBe('allow')
  })

  it('matches every simple command, not only the start of the raw string', () => {
    expect(p.check('cd repo && git push --force origin main')).toMatchObject({
      rule: 'permissions-deny',
      reason: expect.stringContaining('`git push --force origin main`')
    })
    expect(p.check('"git" push --force x')).toMatchObject({ rule: 'permissions-deny' })
    expect(p.check('echo "git push --force"').verdict).toBe('allow')
  })

  it('ask blocks, saying it needs approval; a matching allow lifts it', () => {
    expect(p.check('npm publish --access public')).toEqual({
      verdict: 'block',
      rule: 'permissions-ask',
      reason:
        '`npm publish --access public` matches the permissions ask rule command(npm publish*): it needs approval, and a scripted run has no one to give it (an allow rule that matches lets it run)'
    })
    expect(p.check('git push origin main')).toMatchObject({ rule: 'permissions-ask' })
    expect(p.check('git push origin feature/x').verdict).toBe('allow')
    // The allow covers its own simple command only, not a neighbour that asks.
    expect(p.check('git push origin feature/x && npm publish')).toMatchObject({
      rule: 'permissions-ask'
    })
  })

  it('allow never overrides the sanitizer, the block-list or a deny', async () => {
    const lax = await policy(
      { allow: ['command(*)', '*'], deny: ['command(curl *)'] },
      { blocked: ['git push.*'] }
    )
    expect(lax.check('rm -rf /')).toMatchObject({ rule: 'rm-root' })
    expect(lax.check('git push')).toMatchObject({ rule: 'block-list' })
    expect(lax.check('curl https://x')).toMatchObject({ rule: 'permissions-deny' })
    expect(lax.check('ls').verdict).toBe('allow')
  })

  it('`*(glob)` rules apply to commands and files; file rules do not apply to commands', async () => {
    const q = await policy({ deny: ['*(*secret*)', 'write_file(*)'] })
    expect(q.check('cat secret.txt')).toMatchObject({ rule: 'permissions-deny' })
    expect(q.check('echo hi > out.txt').verdict).toBe('allow')
    expect(q.checkFile('read_file', '/w/secret.txt', '/w')).toMatchObject({
      rule: 'permissions-deny'
    })
  })
})

describe('file rules', () => {
  it('apply write_file(…) and read_file(…) to file steps, by absolute and workspace-relative path', async () => {
    const p = await policy({
      deny: ['write_file(/etc/**)', 'read_file(*.env)'],
      ask: ['write_file(*)'],
      allow: ['write_file(./**)']
    })
    expect(p.checkFile('write_file', '/etc/passwd', '/w')).toEqual({
      verdict: 'block',
      rule: 'permissions-deny',
      reason: 'write_file /etc/passwd matches the permissions deny rule write_file(/etc/**)'
    })
    expect(p.checkFile('write_file', '/w/src/a.py', '/w').verdict).toBe('allow')
    expect(p.checkFile('write_file', '/tmp/x', '/w')).toMatchObject({
      rule: 'permissions-ask',
      reason: expect.stringContaining('needs approval')
    })
    expect(p.checkFile('read_file', '/w/.env', '/w')).toMatchObject({ rule: 'permissions-deny' })
    expect(p.checkFile('read_file', '/w/notes.txt', '/w').verdict).toBe('allow')
    // Command rules say nothing about file steps.
    const c = await policy({ deny: ['command(*)'] })
    expect(c.checkFile('write_file', '/w/a', '/w').verdict).toBe('allow')
  })

  it('the read-only role denies commands and writes and allows reads', async () => {
    const p = await createPolicy({
      enableSudo: false,
      allowed: [],
      blocked: [],
      permissions: roleRules('read-only')
    })
    expect(p.check('ls')).toMatchObject({
      rule: 'permissions-deny',
      reason: '`ls` matches the permissions deny rule command(*) (role read-only)'
    })
    expect(p.checkFile('write_file', '/w/a', '/w')).toMatchObject({ rule: 'permissions-deny' })
    expect(p.checkFile('read_file', '/w/a', '/w').verdict).toBe('allow')
  })

  it('no rules: every file step is allowed', async () => {
    const p = await createPolicy({ enableSudo: false, allowed: [], blocked: [] })
    expect(p.checkFile('write_file', '/etc/passwd', '/w').verdict).toBe('allow')
  })
})
