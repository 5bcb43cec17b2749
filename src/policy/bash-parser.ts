// Loads tree-sitter and its bash grammar once per process. The wasm files sit in node_modules
// when running from source and in dist/wasm/ when running from the ncc bundle.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { Language, Parser } from 'web-tree-sitter'

const PACKAGE_OF: Record<string, string> = {
  'tree-sitter.wasm': 'web-tree-sitter',
  'tree-sitter-bash.wasm': 'tree-sitter-bash'
}

/** Absolute path of one of the two wasm files, or an error naming every place tried. */
export function locateWasm(file: string): string {
  const tried: string[] = []
  for (const rel of [`./wasm/${file}`, `../wasm/${file}`]) {
    const p = fileURLToPath(new URL(rel, import.meta.url))
    if (existsSync(p)) return p
    tried.push(p)
  }
  try {
    return createRequire(import.meta.url).resolve(`${PACKAGE_OF[file]}/${file}`)
  } catch {
    tried.push(`${PACKAGE_OF[file]}/${file} (node resolution)`)
  }
  throw new Error(`cannot find ${file}; tried ${tried.join(', ')}`)
}

let loading: Promise<Language> | undefined

/** The bash Language, loaded once; later calls share the same promise. */
export function loadBash(): Promise<Language> {
  loading ??= (async () => {
    await Parser.init({ locateFile: (f: string) => locateWasm(f) } as object)
    return Language.load(locateWasm('tree-sitter-bash.wasm'))
  })()
  loading.catch(() => (loading = undefined))
  return loading
}

export async function createBashParser(): Promise<Parser> {
  const language = await loadBash()
  const parser = new Parser()
  parser.setLanguage(language)
  return parser
}
