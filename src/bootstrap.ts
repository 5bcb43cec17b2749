// Imported first by every entry point. The ESM bundle has no __dirname/__filename, but
// ssh2 (inside docker-modem) reads them at load time; define them from import.meta.url.
import { fileURLToPath } from 'node:url'
import { dirname } from 'node:path'

const g = globalThis as Record<string, unknown>
if (typeof g.__filename === 'undefined') g.__filename = fileURLToPath(import.meta.url)
if (typeof g.__dirname === 'undefined') g.__dirname = dirname(fileURLToPath(import.meta.url))
