// Writes schema/massgen-exec.schema.json from the schema in src/config/schema.ts (the loader's
// own source of truth). `--check` fails when the committed file is stale.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Compile schema.ts alone with tsc (no runtime deps) and import it.
const out = join(tmpdir(), `massgen-schema-${process.pid}`)
execFileSync(
  'npx',
  [
    'tsc',
    'src/config/schema.ts',
    'src/config/json-schema.ts',
    '--outDir',
    out,
    '--module',
    'NodeNext',
    '--moduleResolution',
    'NodeNext',
    '--target',
    'ES2022',
    '--skipLibCheck'
  ],
  { stdio: 'inherit' }
)
const { CONFIG } = await import(join(out, 'schema.js'))
const { toJsonSchema } = await import(join(out, 'json-schema.js'))
const text = JSON.stringify(toJsonSchema(CONFIG), null, 2) + '\n'
const target = 'schema/massgen-exec.schema.json'
if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8')
  if (current !== text) {
    console.error(`${target} is stale: run npm run schema`)
    process.exit(1)
  }
  console.log(`${target} is up to date`)
} else {
  mkdirSync('schema', { recursive: true })
  writeFileSync(target, text)
  console.log(`wrote ${target}`)
}
