// Python regex → JavaScript: each expectation below was checked with CPython's re.match.
import { describe, expect, it } from '@jest/globals'
import { compilePythonRegex, translatePythonRegex } from '../../../src/lib/python-regex.js'

function matches(pattern: string, text: string): boolean {
  const c = compilePythonRegex(pattern)
  if ('error' in c) throw new Error(c.error)
  return c.regex.test(text)
}

// [pattern, text, what Python's re.match says]
const MATCH_CASES: [string, string, boolean][] = [
  ['pytest.*', 'pytest', true],
  ['pytest.*', 'pytest -x tests/', true],
  ['pytest.*', ' pytest', false],
  ['pytest.*', 'xpytest', false],
  ['git push', 'git push --force', true],
  ['git commit', 'git commit-tree', true],
  ['(?i)git\\s+push', 'GIT   Push', true],
  ['(?P<word>ab)(?P=word)', 'abab', true],
  ['(?P<word>ab)(?P=word)', 'abac', false],
  ['(a)(b)\\2\\1', 'abba', true],
  ['(a)(b)\\2\\1', 'abab', false],
  ['\\Aecho\\Z', 'echo', true],
  ['\\Aecho\\Z', 'echo\n', false],
  ['echo$', 'echo\n', true],
  ['echo$', 'echo x', false],
  ['a.b', 'a\nb', false],
  ['a.b', 'a\rb', true],
  ['(?s)a.b', 'a\nb', true],
  ['(?m)x$\\ny', 'x\ny', true],
  ['x{,2}y', 'xxy', true],
  ['x{,2}$', 'xxx', false],
  ['a{2}', 'aa', true],
  ['a{', 'a{', true],
  ['a{,}', 'aaa', true],
  ['[]a]+$', ']a]', true],
  ['[^]a]', 'b', true],
  ['[^]a]', ']', false],
  ['[\\w.-]+$', 'dd-trace.v1', true],
  ['\\w+$', 'caf\u00e9', true],
  ['(?a)\\w+$', 'caf\u00e9', false],
  ['\\d+$', '\u0663\u0664', true],
  ['(?a)\\d+$', '\u0663', false],
  ['\\bsudo\\b', 'sudo ls', true],
  ['\\bsudo\\b', 'sudoku', false],
  ['x\\b', 'x\u00e9', false],
  ['(?x) npm \\s+ test  # comment', 'npm test', true],
  ['(?i:np)m', 'NPm', true],
  ['(?i:np)m', 'NPM', false],
  ['(?i:[a-c])x', 'Bx', true],
  ['(?s:.)\\n', '\n\n', true],
  ['(?>a+)b', 'aaab', true],
  ['(?>a+)a', 'aaa', false],
  ['a++a', 'aaa', false],
  ['a*+b', 'aab', true],
  ['a?+a', 'a', false],
  ['\\x41\\u0042\\U00000043', 'ABC', true],
  ['\\0', '\u0000', true],
  ['\\101', 'A', true],
  ['\\t', '\t', true],
  ['a|b', 'b', true],
  ['(?:a|b)c', 'bc', true],
  ['(?#note)ls', 'ls', true],
  ['(?=ls)l', 'ls', true],
  ['(?<!x)ls', 'ls', true],
  ['ls(?!x)', 'lsx', false],
  ['\\s', '\u001c', true],
  ['\\S', '\ufeff', true],
  ['\\.', '.', true],
  ['\\-', '-', true],
  ['[\\-a]', '-', true],
  ['a/b', 'a/b', true],
  ['\\/', '/', true],
  ['[\\d\\s]+$', '1 2', true],
  ['[\\b]', '\b', true]
]

describe('translation keeps re.match semantics', () => {
  it.each(MATCH_CASES)('%j on %j → %s', (pattern, text, expected) => {
    expect(matches(pattern, text)).toBe(expected)
  })
})

describe('patterns Python accepts but JavaScript cannot express are rejected clearly', () => {
  it.each([
    ['(?(1)a|b)', /conditional groups .* no JavaScript equivalent at position 0/],
    ['[\\W]', /\\W inside a character class is not supported/],
    ['\\N{EM DASH}', /named Unicode escapes/],
    ['(?i)(?-i:a)', /\(\?-i:…\) inside a case-insensitive pattern/]
  ])('%s', (pattern, message) => {
    const c = compilePythonRegex(pattern)
    expect('error' in c && c.error).toMatch(message)
  })
})

describe('invalid patterns get Python-style messages with a position', () => {
  it.each([
    ['a\\G', 'bad escape \\G (Python has no \\G; it is PCRE syntax) at position 1'],
    ['(a', 'missing ), unterminated subpattern at position 0'],
    ['a(?i)b', 'global flags like (?i) must be at the start of the pattern at position 1'],
    ['*a', 'nothing to repeat at position 0'],
    ['a**', 'multiple repeat at position 2'],
    ['a{2,1}', 'min repeat greater than max repeat at position 1'],
    ['(?P<1>x)', 'bad character in group name "1" at position 0'],
    ['(?P=nope)', 'unknown group name "nope" at position 0'],
    ['\\3', 'invalid group reference 3 at position 0'],
    ['(a\\1)', 'cannot refer to an open group at position 2'],
    ['[b-a]', 'bad character range at position 1'],
    ['[a', 'unterminated character set at position 0'],
    ['\\q', 'bad escape \\q at position 0'],
    ['(?L)a', 'the L (locale) flag only applies to bytes patterns at position 0'],
    ['\\x4', 'incomplete escape \\x4 at position 0'],
    ['(?<x>a)', 'unknown extension ?< at position 0'],
    ['a)', 'unbalanced parenthesis at position 1']
  ])('%s', (pattern, message) => {
    expect(compilePythonRegex(pattern)).toEqual({
      error: `cannot use the pattern ${JSON.stringify(pattern)}: ${message}`
    })
  })
})

describe('output', () => {
  it('anchors at the start only and uses the u flag (i for a leading (?i))', () => {
    const c = compilePythonRegex('(?i)ls')
    expect('regex' in c && c.regex.flags).toBe('iu')
    expect(matches('ls', 'ls -la')).toBe(true)
    expect(matches('ls', 'echo ls')).toBe(false)
  })

  it('turns Python named groups into JavaScript named groups', () => {
    expect(translatePythonRegex('(?P<cmd>git) (?P=cmd)').source).toBe('(?<cmd>git) \\k<cmd>')
  })

  it('is stateless between calls (no g or y flag)', () => {
    const c = compilePythonRegex('npm')
    if ('error' in c) throw new Error(c.error)
    expect([c.regex.test('npm'), c.regex.test('npm'), c.regex.test('npm')]).toEqual([
      true,
      true,
      true
    ])
  })
})
