import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'

interface ActionYml {
  inputs: Record<string, { required?: boolean; default?: string; description: string }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string; post: string; 'post-if': string }
}

const action = parse(readFileSync('action.yml', 'utf8')) as ActionYml
const readme = readFileSync('README.md', 'utf8')

/** Rows of the Markdown table that follows `### <heading>` in the README. */
function table(heading: string): string[][] {
  const start = readme.indexOf(`### ${heading}\n`)
  expect(start).toBeGreaterThan(-1)
  const lines = readme.slice(start).split('\n').slice(1)
  const rows = lines.slice(lines.findIndex((l) => l.startsWith('|')))
  return rows
    .slice(
      0,
      rows.findIndex((l) => !l.startsWith('|'))
    )
    .slice(2)
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim())
    )
}

const unquote = (s: string) => s.replace(/^`|`$/g, '')

describe('README tables match action.yml', () => {
  it('lists every input with its required flag and default', () => {
    const rows = table('Inputs')
    expect(rows.map((r) => unquote(r[0]))).toEqual(Object.keys(action.inputs))
    for (const [name, required, dflt] of rows) {
      const input = action.inputs[unquote(name)]
      expect([unquote(name), required === 'yes']).toEqual([unquote(name), input.required === true])
      expect([unquote(name), unquote(dflt)]).toEqual([unquote(name), input.default ?? ''])
    }
  })

  it('lists every output', () => {
    expect(table('Outputs').map((r) => unquote(r[0]))).toEqual(Object.keys(action.outputs))
  })

  it('declares node24 with a post step that always runs', () => {
    expect(action.runs).toEqual({
      using: 'node24',
      main: 'dist/index.js',
      post: 'dist/post/index.js',
      'post-if': 'always()'
    })
  })
})
