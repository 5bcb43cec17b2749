// Compiles the policy sources and the bench with tsc, then runs the bench (see bench.ts).
import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
process.chdir(root)
try {
  execFileSync('npx', ['tsc', '-p', 'bench/policy/tsconfig.json'], { stdio: 'inherit' })
} catch {
  // tsc still emits on type errors (possibly in files outside the policy); say so and go on.
  console.warn('bench/policy: tsc reported errors; running what it emitted')
}
await import(join(root, 'build/bench-policy/bench/policy/bench.js'))
// Keep POLICY.md in the repository's format (`npm run lint` checks it).
execFileSync('npx', ['prettier', '--write', 'POLICY.md'], { stdio: 'ignore' })
