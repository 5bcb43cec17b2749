// `massgen-exec cleanup`: remove what runs left behind. `--run-id ID` removes that run's
// containers (whoever owns them: the user named the run); `--stale` removes the containers of
// every run whose process is certainly gone on this host (a CLI run killed with SIGKILL), never a
// live run's. With neither it does nothing and says what each does (exit 2): a sweep of other
// runs' containers is never run without being asked for.
import { UsageError } from '../errors.js'
import { parseCommandArgs, printer, type CliCommand } from './io.js'

export const cleanupCommand: CliCommand = {
  usage: `massgen-exec cleanup [--run-id ID] [--stale]

  --run-id ID   remove every container of that run (its id is printed when a run starts)
  --stale       remove the containers of every run whose process is gone on this host

One of the two is required.`,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      'run-id': { type: 'string' },
      stale: { type: 'boolean' }
    })
    if (positionals.length) throw new UsageError('cleanup takes no positional arguments')
    if (!values['run-id'] && !values.stale)
      throw new UsageError(
        "cleanup needs --run-id ID (remove that run's containers) or --stale (remove the containers " +
          'of every run whose process is gone on this host); nothing was removed'
      )
    const { connectDocker, sweepRun, sweepStale, LABEL_RUN } =
      await import('../runtime/docker/index.js')
    const client = await connectDocker()
    const out = printer(io.stdout)
    const runId = values['run-id']
    if (runId) out(`run ${runId}: removed ${await sweepRun(client, runId)} container(s)`)
    if (values.stale) {
      const removed = await sweepStale(client)
      out(`stale: removed ${removed.length} container(s) of runs whose process is gone`)
      for (const c of removed)
        out(`  ${(c.Names[0] ?? c.Id).replace(/^\//, '')} (run ${c.Labels[LABEL_RUN] ?? '?'})`)
    }
    return 0
  }
}
