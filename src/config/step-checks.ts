// Rules between a run step's keys that the shape alone cannot say (compare needs junit, a compare
// step runs inside the repository it copies, ...). Reported at the offending key.
import { isInside as inside } from '../lib/paths.js'
import type { AgentPlan } from './types.js'

type Report = (stepIndex: number, key: string[], message: string) => void

export function checkRunSteps(agent: AgentPlan, report: Report): void {
  const roots = [
    agent.workspace,
    ...agent.contextPaths.map((c) => c.path),
    ...(agent.tempWorkspace ? [agent.tempWorkspace] : [])
  ]
  for (const step of agent.steps) {
    if (step.kind !== 'run') continue
    const i = step.index
    if (step.background && (step.compare || step.retries || step.junit)) {
      // Its command is still running when the step ends: no report, no exit code to judge.
      report(i, ['background'], 'a background step cannot have "junit", "retries" or "compare"')
    }
    const c = step.compare
    if (!c) continue
    if (!step.junit) {
      report(i, ['compare'], 'compare needs "junit": the transitions are read per test from it')
    }
    if (!c.tests.some((t) => t.trim() !== '' && !t.startsWith('!'))) {
      report(
        i,
        ['compare', 'tests'],
        'compare.tests needs at least one pattern (not only "!" exclusions)'
      )
    }
    // The trees are copied from the host into the sandbox: only what the agent may already read.
    if (!roots.some((r) => inside(c.repo, r))) {
      report(
        i,
        ['compare', 'repo'],
        `compare.repo ${c.repo} is outside the agent's workspace and context paths`
      )
    }
    const cwd = step.workDir ?? agent.workspace
    if (!inside(cwd, c.repo)) {
      report(
        i,
        [step.workDir ? 'work_dir' : 'compare'],
        `the step runs in ${cwd}, outside compare.repo ${c.repo}: set work_dir inside the repository`
      )
    }
  }
}
