// Bundles the three entry points with @vercel/ncc into dist/ (ESM) and copies the tree-sitter
// wasm files beside them, where src/policy finds them at run time.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, rmSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const entries = [
  ['src/index.ts', 'dist'],
  ['src/post.ts', 'dist/post'],
  ['src/cli.ts', 'dist/cli']
]
rmSync('dist', { recursive: true, force: true })
for (const [entry, out] of entries) {
  execFileSync('npx', ['ncc', 'build', entry, '-o', out, '--license', 'licenses.txt', '-q'], {
    stdio: 'inherit'
  })
}
mkdirSync('dist/wasm', { recursive: true })
cpSync('node_modules/web-tree-sitter/tree-sitter.wasm', 'dist/wasm/tree-sitter.wasm')
cpSync('node_modules/tree-sitter-bash/tree-sitter-bash.wasm', 'dist/wasm/tree-sitter-bash.wasm')
// ncc may emit copies of assets it detects; keep only what the code loads.
for (const dir of ['dist', 'dist/post', 'dist/cli']) {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f)
    if (statSync(p).isFile() && f.endsWith('.wasm')) rmSync(p)
  }
}
