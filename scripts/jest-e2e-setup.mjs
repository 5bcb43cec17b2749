// Before the e2e project: the engine must answer (else one line says how to start one — the e2e
// suites never skip), the bundle must exist (e2e tests run dist/ as users do), and both runtime
// images must be ready, so no single test waits minutes for a first build on a fresh machine.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export default function e2eSetup() {
  try {
    execFileSync('docker', ['version', '--format', '{{.Server.Version}}'], {
      stdio: 'pipe',
      timeout: 20_000
    })
  } catch {
    const target = process.env.DOCKER_HOST
      ? `DOCKER_HOST=${process.env.DOCKER_HOST}`
      : 'the default socket'
    throw new Error(
      `e2e tests need a Docker engine and none answers at ${target}: start one with ` +
        '`sudo bash scripts/docker-engine.sh && sudo bash scripts/base-image.sh` ' +
        '(or run only the unit tests: `npm run test:unit`)'
    )
  }
  if (!existsSync('dist/cli/index.js')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
  for (const args of [['image'], ['image', '--sudo']]) {
    execFileSync(process.execPath, ['dist/cli/index.js', ...args], { stdio: 'inherit' })
  }
}
