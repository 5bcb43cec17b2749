// Before the e2e project: the engine must answer (else one line says how to start one — the e2e
// suites never skip), the bundle must exist (e2e tests run dist/ as users do), both runtime
// images must be ready, so no single test waits minutes for a first build on a fresh machine, and
// the local registry the registry tests pull from must answer (scripts/local-registry.sh installs
// Debian's docker-registry when missing and starts it on 127.0.0.1; it stays up, as the engine does).
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
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n']
  const [cmd, ...args] = [...sudo, 'bash', 'scripts/local-registry.sh', 'start']
  try {
    execFileSync(cmd, args, { stdio: 'inherit', timeout: 300_000 })
  } catch (e) {
    // Only the registry tests need it; they say so again, with this line to go by.
    console.error(
      `e2e setup: the local registry did not start (${e.message}); run \`sudo bash scripts/local-registry.sh\``
    )
  }
}
