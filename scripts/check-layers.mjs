#!/usr/bin/env node
// The layering of src/ (README "Layout"), checked by `npm run lint`: data flows config → policy →
// runtime → run → report, with isolation beside and action/cli/mcp as thin entries. ESLint's
// no-restricted-imports can say "this folder may not import that one" but not "no cycles between
// folders", so the rules live here, in one place, over the same import graph.
//
//   node scripts/check-layers.mjs [srcDir]   exits 1 and prints `file:line: message` per breach
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Folders (relative to src/) that may not import from the listed folders. */
export const FORBIDDEN = [
  { from: 'config', to: ['runtime', 'run', 'isolation', 'report', 'action', 'cli', 'mcp'] },
  { from: 'policy', to: ['runtime', 'run', 'isolation', 'report', 'action', 'cli', 'mcp'] },
  {
    from: 'lib',
    to: ['config', 'policy', 'runtime', 'run', 'isolation', 'report', 'action', 'cli', 'mcp']
  },
  { from: 'report', to: ['runtime'] }
]
/** The only module that may import dockerode. */
export const DOCKERODE_OWNER = 'runtime/docker/docker-container-client.ts'
/** The folder whose index.ts is its only door. */
export const SEALED = 'runtime/docker'

function walk(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...walk(p))
    else if (/\.(ts|mts|cts)$/.test(name) && !name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

// `import … from 'x'`, `export … from 'x'`, `import('x')`, `import 'x'` (type-only imports count:
// they are still a dependency of the design, and erasing them does not remove the coupling).
const IMPORT_RE =
  /(?:^|[^\w.$])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|(?:^|[^\w.$])import\(\s*['"]([^'"]+)['"]\s*\)/gm

/** Every import of one file: `{ spec, line }`. */
export function importsOf(text) {
  const out = []
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2]
    const line = text.slice(0, m.index + m[0].length).split('\n').length
    out.push({ spec, line })
  }
  return out
}

const posix = (p) => p.split(sep).join('/')

/** The top-level folder of a src-relative path (`.` for files directly in src/). */
function area(rel) {
  const i = rel.indexOf('/')
  return i < 0 ? '.' : rel.slice(0, i)
}

function resolveLocal(fromRel, spec) {
  const target = posix(join(dirname(fromRel), spec)).replace(/\.js$/, '.ts')
  return target.endsWith('.ts') ? target : target + '.ts'
}

/** All breaches in the tree under `srcDir`, as `{ file, line, message }`. */
export function checkLayers(srcDir) {
  const problems = []
  const edges = new Map() // area → Map(area → first `file:line`)
  for (const abs of walk(srcDir)) {
    const rel = posix(relative(srcDir, abs))
    const from = area(rel)
    for (const { spec, line } of importsOf(readFileSync(abs, 'utf8'))) {
      const at = { file: rel, line }
      if (spec === 'dockerode' || spec.startsWith('dockerode/')) {
        if (rel !== DOCKERODE_OWNER)
          problems.push({
            ...at,
            message: `only ${DOCKERODE_OWNER} imports dockerode (the ContainerClient seam)`
          })
        continue
      }
      if (!spec.startsWith('.')) continue
      const target = resolveLocal(rel, spec)
      if (target.startsWith('..')) continue
      const to = area(target)
      for (const rule of FORBIDDEN) {
        if (from === rule.from && rule.to.includes(to))
          problems.push({ ...at, message: `${from}/ may not import from ${to}/ (${target})` })
      }
      if (
        target.startsWith(SEALED + '/') &&
        !rel.startsWith(SEALED + '/') &&
        target !== `${SEALED}/index.ts`
      )
        problems.push({
          ...at,
          message: `outside ${SEALED}/ import only its index.ts, not ${target}`
        })
      if (from !== to && from !== '.' && to !== '.') {
        if (!edges.has(from)) edges.set(from, new Map())
        if (!edges.get(from).has(to)) edges.get(from).set(to, `${rel}:${line}`)
      }
    }
  }
  for (const cycle of folderCycles(edges)) {
    const where = cycle
      .slice(0, -1)
      .map((a, i) => `${a} → ${cycle[i + 1]} (${edges.get(a).get(cycle[i + 1])})`)
    const [file, line] = edges.get(cycle[0]).get(cycle[1]).split(':')
    problems.push({
      file,
      line: Number(line),
      message: `import cycle between folders: ${where.join(', ')}`
    })
  }
  return problems
}

/** One cycle per strongly connected group of folders, each as [a, b, …, a]. */
function folderCycles(edges) {
  const cycles = []
  const seen = new Set()
  for (const start of [...edges.keys()].sort()) {
    // shortest path back to `start` (breadth first), reported once per set of folders
    const prev = new Map([[start, undefined]])
    const queue = [start]
    let found
    while (queue.length && !found) {
      const a = queue.shift()
      for (const b of [...(edges.get(a)?.keys() ?? [])].sort()) {
        if (b === start) {
          found = a
          break
        }
        if (!prev.has(b)) {
          prev.set(b, a)
          queue.push(b)
        }
      }
    }
    if (found === undefined) continue
    const path = [start]
    for (let a = found; a !== start; a = prev.get(a)) path.splice(1, 0, a)
    path.push(start)
    const key = [...new Set(path)].sort().join(',')
    if (seen.has(key)) continue
    seen.add(key)
    cycles.push(path)
  }
  return cycles
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const srcDir = resolve(process.argv[2] ?? 'src')
  const problems = checkLayers(srcDir)
  for (const p of problems)
    console.error(`${posix(join(relative(process.cwd(), srcDir), p.file))}:${p.line}: ${p.message}`)
  if (problems.length) {
    console.error(
      `check-layers: ${problems.length} import(s) break the layering (see README "Layout")`
    )
    process.exit(1)
  }
}
