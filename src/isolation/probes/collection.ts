// Probe 18: symlinks an agent plants in its workspace (pointing at a host secret) are not followed
// when JUnit reports are read or results are collected. The agent plants them; the host-side
// collectors (the same functions a run uses) then read the workspace.
import { readFile } from 'node:fs/promises'
import { fail, list, pass, sh } from '../outcome.js'
import type { ProbeDef, SandboxContext } from '../types.js'

export const symlinkProbe: ProbeDef<SandboxContext> = {
  id: 'symlink-collection',
  number: 18,
  title:
    'symlinks planted in the workspace are not followed when results or JUnit files are collected',
  phase: 'parallel',
  async run(ctx) {
    const dir = `${ctx.scratch}/collect`
    const secret = ctx.host.secretFile
    const plant = await ctx.agentExec(
      [
        `mkdir -p ${sh(`${dir}/nested`)}`,
        `ln -sf ${sh(secret)} ${sh(`${dir}/junit.xml`)}`,
        `ln -sf ${sh(secret)} ${sh(`${dir}/nested/results.json`)}`,
        `ln -sfn ${sh(secret.replace(/\/[^/]+$/, ''))} ${sh(`${dir}/linked-dir`)}`,
        'echo PLANTED'
      ].join('\n')
    )
    if (!plant.stdout.includes('PLANTED'))
      return fail(
        `could not plant the symlinks (exit ${plant.exitCode}: ${plant.stderr.slice(0, 120)})`
      )
    const problems: string[] = []
    const junit = await ctx.collectors.readJunit(`${dir}/junit.xml`, ctx.agent.workspace)
    if (!junit.error || junit.failed.some((n) => n.includes(ctx.host.secretToken)))
      problems.push('the JUnit reader followed junit.xml to the host secret')
    const files = await ctx.collectors.listFiles(dir)
    const listed = files.filter(
      (f) => !f.startsWith(dir) || /junit\.xml|results\.json|linked-dir/.test(f)
    )
    if (listed.length)
      problems.push(
        `the results collector listed ${list(listed.map((f) => f.slice(dir.length + 1) || f))}`
      )
    const before = await readFile(secret, 'utf8')
    await ctx.collectors.redactTree(dir, (s) => s.split(ctx.host.secretToken).join('***'))
    if ((await readFile(secret, 'utf8')) !== before)
      problems.push('redaction rewrote the host secret through a symlink')
    if (problems.length) return fail(list(problems))
    return pass(
      `JUnit reader refused (${junit.error}); the collector and the redactor skipped 3 planted links`
    )
  }
}
