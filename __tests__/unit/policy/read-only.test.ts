// Rule read-only-path (local agents): statically visible writes into a read-only context path,
// a protected path or the temporary workspace are blocked; writes elsewhere, and everything for
// agents a sandbox protects, go on to the other rules.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { allowedRoots } from '../../../src/config/paths.js'
import { createPolicy, type CommandPolicy } from '../../../src/policy/index.js'
import { agentPlan } from '../../helpers/plan.js'

const agent = agentPlan({
  workspace: '/w/ws',
  contextPaths: [
    { path: '/w/ctx', permission: 'read', protectedPaths: [] },
    { path: '/w/rw', permission: 'write', protectedPaths: ['/w/rw/keep'] }
  ],
  tempWorkspace: '/w/temp'
})

let local: CommandPolicy
let sandboxed: CommandPolicy
beforeAll(async () => {
  const base = { enableSudo: false, allowed: [], blocked: [] }
  local = await createPolicy({ ...base, readOnlyRoots: allowedRoots(agent) })
  sandboxed = await createPolicy(base)
})

const check = (p: CommandPolicy, command: string, cwd = '/w/ws') => p.check(command, { cwd })

describe('read-only-path', () => {
  it.each([
    ['echo x > /w/ctx/f', '/w/ctx/f'],
    ['echo x >> ../ctx/f', '/w/ctx/f'],
    ['printf x &> /w/temp/out', '/w/temp/out'],
    ['cp a.txt /w/ctx/', '/w/ctx'],
    ['cp -r src -t /w/ctx', '/w/ctx'],
    ['mv a.txt ../ctx/b.txt', '/w/ctx/b.txt'],
    ['touch ../ctx/new', '/w/ctx/new'],
    ['echo hi | tee -a out.log ../ctx/log', '/w/ctx/log'],
    ['rm -f ../ctx/readme', '/w/ctx/readme'],
    ['rm -rf ../ctx/*', '/w/ctx/*'],
    ['truncate -s 0 ../ctx/data', '/w/ctx/data'],
    ['dd if=/dev/zero of=../ctx/blob bs=1 count=1', '/w/ctx/blob'],
    ['cd ../ctx && touch f', '/w/ctx/f'],
    ['cd /w && echo x > ctx/f', '/w/ctx/f'],
    ['touch /w/rw/keep/f', '/w/rw/keep/f'],
    ['bash -c "echo x > /w/ctx/f"', '/w/ctx/f']
  ])('blocks %s', (command, target) => {
    const v = check(local, command)
    expect(v).toMatchObject({ verdict: 'block', rule: 'read-only-path' })
    expect(v.reason).toContain(`writes ${target}, inside the read-only`)
  })

  it('names the kind of root', () => {
    expect(check(local, 'touch /w/rw/keep/x').reason).toMatch(
      /read-only protected path \/w\/rw\/keep$/
    )
    expect(check(local, 'touch /w/temp/x').reason).toMatch(/read-only temporary workspace/)
  })

  it.each([
    'echo x > out.txt',
    'cp /w/ctx/readme ./copy',
    'cat /w/ctx/readme > notes',
    'echo x > /w/rw/f',
    'touch /tmp/x',
    'echo x >&2',
    'echo x 2>&1 > log',
    'ls /w/ctx > listing.txt',
    'cd "$DIR" && touch f',
    'echo x > "$OUT"',
    'grep -r pattern /w/ctx',
    'pytest -q'
  ])('allows %s', (command) => {
    expect(check(local, command)).toEqual({ verdict: 'allow' })
  })

  it('relative writes resolve against the step’s work_dir', () => {
    expect(check(local, 'touch f', '/w/ctx')).toMatchObject({ rule: 'read-only-path' })
    expect(check(local, 'touch f', '/w/rw')).toEqual({ verdict: 'allow' })
  })

  it('does not apply where a sandbox protects the paths (docker agents)', () => {
    expect(check(sandboxed, 'echo x > /w/ctx/f')).toEqual({ verdict: 'allow' })
  })

  it('comes after the sanitizer', () => {
    expect(check(local, 'rm -rf / > /w/ctx/f').rule).toBe('rm-root')
  })
})
