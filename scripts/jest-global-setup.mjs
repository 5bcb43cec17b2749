// Before any test: the bundle exists (the e2e tests run dist/ as users do) and both runtime
// images are ready, so no single test waits minutes for a first build on a fresh machine.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export default function globalSetup() {
  if (!existsSync('dist/cli/index.js')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
  for (const args of [['image'], ['image', '--sudo']]) {
    execFileSync(process.execPath, ['dist/cli/index.js', ...args], { stdio: 'inherit' })
  }
}
