// `check` as a standalone process, for the throughput bench when dist/ is not built.
import { checkCommand } from '../../src/cli/check.js'

process.exitCode = await checkCommand(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr
})
