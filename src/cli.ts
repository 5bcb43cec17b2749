#!/usr/bin/env node
// CLI entry: only wiring. The bundle is dist/cli/index.js (package.json "bin").
import './bootstrap.js'
import { main } from './cli/main.js'

main(process.argv.slice(2), process).then(
  (code) => process.stdout.write('', () => process.exit(code)),
  (e: Error) => {
    process.stderr.write(`massgen-exec: ${e.stack ?? e.message}\n`)
    process.exit(2)
  }
)
