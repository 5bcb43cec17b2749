// Imported first by every entry point. The ESM bundle has no __dirname/__filename, but
// ssh2 (inside docker-modem) reads them at load time; define them from import.meta.url.
import { fileURLToPath } from 'node:url'
import { dirname } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { withLoopbackNoProxy } from './lib/no-proxy.js'

const g = globalThis as Record<string, unknown>
if (typeof g.__filename === 'undefined') g.__filename = fileURLToPath(import.meta.url)
if (typeof g.__dirname === 'undefined') g.__dirname = dirname(fileURLToPath(import.meta.url))

// The policy's parser is a 1.3 MB WebAssembly module. V8 re-compiles its hot functions (the huge
// lexer among them) with TurboFan on background threads, which took ~0.8 s of CPU, competed with
// container start-up on small runners, and held up process exit (the compile job is not
// cancelled). The baseline compiler alone parses faster than that costs for the few hundred
// commands a run checks (`check --stdin` with 10,000 commands is faster too). Must run before the
// module is compiled.
setFlagsFromString('--liftoff-only')

// Loopback never goes through the runner's proxy (see lib/no-proxy.ts).
withLoopbackNoProxy(process.env)
