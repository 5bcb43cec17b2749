// Bundles the three entry points with @vercel/ncc into dist/ (ESM) and copies the tree-sitter
// wasm files (src/policy) and sandbox-runtime's vendored helpers (srt mode) beside them, where
// they are found at run time.
import { execFileSync } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
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
// srt mode: sandbox-runtime runs its seccomp helper (and hands JVMs its proxy agent) from files
// beside its code; in the bundle they sit in dist/vendor/, where it and src/runtime/srt look.
const SRT = 'node_modules/@anthropic-ai/sandbox-runtime/vendor'
for (const arch of ['x64', 'arm64']) {
  cpSync(`${SRT}/seccomp/${arch}/apply-seccomp`, `dist/vendor/seccomp/${arch}/apply-seccomp`)
}
cpSync(
  `${SRT}/java-proxy-agent/srt-proxy-agent.jar`,
  'dist/vendor/java-proxy-agent/srt-proxy-agent.jar'
)
mkdirSync('dist/wasm', { recursive: true })
cpSync('node_modules/web-tree-sitter/tree-sitter.wasm', 'dist/wasm/tree-sitter.wasm')
cpSync('node_modules/tree-sitter-bash/tree-sitter-bash.wasm', 'dist/wasm/tree-sitter-bash.wasm')
// ncc rewrites web-tree-sitter's `await import("module")` into a webpack namespace of the
// builtin, which is a function, so `createRequire` comes out undefined. Put the native dynamic
// import back (the bundle is ESM, so it works there); fail loudly if the shape changes.
// In a lazily loaded chunk the runtime's require is called __webpack_require__, not
// __nccwpck_require__.
const NAMESPACED_MODULE =
  /const \{ createRequire \} = await Promise\.resolve\(\/\* import\(\) \*\/\)\.then\((__nccwpck_require__|__webpack_require__)\.t\.bind\(\1, \d+, \d+\)\);/g
const LEFT_UNPATCHED = /const \{ createRequire \} = await Promise\.resolve/
let patched = 0
for (const dir of ['dist', 'dist/post', 'dist/cli']) {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f)
    if (!statSync(p).isFile()) continue
    // ncc may emit copies of assets it detects; keep only what the code loads.
    if (f.endsWith('.wasm')) rmSync(p)
    if (!f.endsWith('.js')) continue
    const text = readFileSync(p, 'utf8')
    const fixed = text.replace(NAMESPACED_MODULE, () => {
      patched++
      return 'const { createRequire } = await import("node:module");'
    })
    if (fixed !== text) writeFileSync(p, fixed)
    if (LEFT_UNPATCHED.test(fixed)) {
      console.error(`bundle: ${p} loads node:module in a shape this script does not know`)
      process.exit(1)
    }
  }
}
if (patched === 0) {
  console.error('bundle: web-tree-sitter createRequire pattern not found; check the policy in dist')
  process.exit(1)
}
