// `check` as a standalone process, for the throughput bench when dist/ is not built.
import { main } from '../../src/cli/main.js'

process.exitCode = await main(['check', ...process.argv.slice(2)], {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr
})
