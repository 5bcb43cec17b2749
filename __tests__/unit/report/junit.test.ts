import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { MAX_FAILED_NAMES, MAX_JUNIT_BYTES, readJunit } from '../../../src/report/junit.js'

const scratch = mkdtempSync(join(tmpdir(), 'junit-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

let n = 0
function workspace(files: Record<string, string> = {}): string {
  const ws = join(scratch, `ws-${n++}`)
  mkdirSync(ws, { recursive: true })
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(ws, rel)), { recursive: true })
    writeFileSync(join(ws, rel), content)
  }
  return ws
}

// Captured from pytest 9.0.3 `--junitxml` (xunit2). The teardown error of a failing test is a
// second <testcase> with the same name.
const PYTEST = `<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests"><testsuite name="pytest" errors="2" failures="3" skipped="2" tests="9" time="0.095" timestamp="2026-11-22T02:14:34.096242+00:00" hostname="vm"><testcase classname="tests.test_sample" name="test_add" time="0.001" /><testcase classname="tests.test_sample" name="test_div" time="0.001"><failure message="AssertionError: numbers &lt;differ&gt; &amp; more&#10;assert 1 == 2">def test_div():
&gt;       assert 1 == 2, "numbers &lt;differ&gt; &amp; more"
E       AssertionError: numbers &lt;differ&gt; &amp; more
E       assert 1 == 2

tests/test_sample.py:7: AssertionError</failure></testcase><testcase classname="tests.test_sample" name="test_skip" time="0.000"><skipped type="pytest.skip" message="not ready">/tmp/pyj/tests/test_sample.py:9: not ready</skipped></testcase><testcase classname="tests.test_sample" name="test_fixture" time="0.001"><error message="failed on setup with &quot;FileNotFoundError: missing.txt&quot;">@pytest.fixture
    def broken():
&gt;       raise FileNotFoundError("missing.txt")
E       FileNotFoundError: missing.txt

tests/test_sample.py:15: FileNotFoundError</error></testcase><testcase classname="tests.test_sample" name="test_param[a&lt;b]" time="0.001" /><testcase classname="tests.test_sample" name="test_param[c&amp;d]" time="0.001"><failure message="AssertionError: assert 'c&amp;d' != 'c&amp;d'">v = 'c&amp;d'

    @pytest.mark.parametrize("v", ["a&lt;b", "c&amp;d"])
    def test_param(v):
&gt;       assert v != "c&amp;d"
E       AssertionError: assert 'c&amp;d' != 'c&amp;d'

tests/test_sample.py:22: AssertionError</failure></testcase><testcase classname="tests.test_sample" name="test_xfail" time="0.001"><skipped type="pytest.xfail" message="known" /></testcase><testcase classname="tests.test_sample.TestThing" name="test_method" time="0.002" /><testcase classname="tests.test_sample" name="test_fail_and_teardown_error" time="0.001"><failure message="assert False">bad_teardown = None

    def test_fail_and_teardown_error(bad_teardown):
&gt;       assert False
E       assert False

tests/test_sample.py:38: AssertionError</failure></testcase><testcase classname="tests.test_sample" name="test_fail_and_teardown_error" time="0.000"><error message="failed on teardown with &quot;RuntimeError: teardown boom&quot;">@pytest.fixture
    def bad_teardown():
        yield
&gt;       raise RuntimeError("teardown boom")
E       RuntimeError: teardown boom

tests/test_sample.py:35: RuntimeError</error></testcase></testsuite></testsuites>`

// jest-junit's default layout: classname and name are "{describe} {title}"; a bare <skipped/>.
const JEST_JUNIT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="jest tests" tests="4" failures="1" errors="0" time="1.234">
  <testsuite name="math" errors="0" failures="1" skipped="1" timestamp="2025-01-10T12:00:00" time="0.5" tests="3">
    <testcase classname="math adds" name="math adds" time="0.002">
    </testcase>
    <testcase classname="math divides" name="math divides" time="0.003">
      <failure>Error: expect(received).toBe(expected) // Object.is equality

Expected: 2
Received: 1
    at Object.&lt;anonymous&gt; (/repo/math.test.js:7:15)</failure>
    </testcase>
    <testcase classname="math todo" name="math todo" time="0">
      <skipped/>
    </testcase>
  </testsuite>
  <testsuite name="io" errors="0" failures="0" skipped="0" timestamp="2025-01-10T12:00:01" time="0.1" tests="1">
    <testcase classname="io reads" name="io reads" time="0.001">
    </testcase>
  </testsuite>
</testsuites>
`

// Maven surefire: a single <testsuite> root with properties and captured output.
const SUREFIRE = `<?xml version="1.0" encoding="UTF-8"?>
<testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://maven.apache.org/surefire/maven-surefire-plugin/xsd/surefire-test-report.xsd" version="3.0" name="com.example.AppTest" time="0.04" tests="3" errors="1" skipped="0" failures="0">
  <properties>
    <property name="java.version" value="21"/>
  </properties>
  <testcase name="shouldAnswer" classname="com.example.AppTest" time="0.01"/>
  <testcase name="shouldConnect" classname="com.example.AppTest" time="0.02">
    <error message="Connection refused" type="java.net.ConnectException"><![CDATA[java.net.ConnectException: Connection refused
	at com.example.AppTest.shouldConnect(AppTest.java:20)]]></error>
    <system-out><![CDATA[connecting <to> db]]></system-out>
  </testcase>
  <testcase name="flaky" classname="com.example.AppTest" time="0.01">
    <flakyFailure message="first run failed" type="java.lang.AssertionError"/>
  </testcase>
</testsuite>
`

describe('readJunit: formats', () => {
  it('counts a real pytest report from its test cases', async () => {
    const ws = workspace({ 'reports/junit.xml': PYTEST })
    const s = await readJunit('reports/junit.xml', ws)
    expect(s).toEqual({
      file: 'reports/junit.xml',
      tests: 9,
      failures: 3,
      errors: 2,
      skipped: 2,
      failed: [
        'tests.test_sample › test_div',
        'tests.test_sample › test_fixture',
        'tests.test_sample › test_param[c&d]',
        'tests.test_sample › test_fail_and_teardown_error'
      ]
    })
  })

  it('counts a jest-junit report with several suites', async () => {
    const ws = workspace({ 'junit.xml': JEST_JUNIT })
    const s = await readJunit(join(ws, 'junit.xml'), ws)
    expect(s.error).toBeUndefined()
    expect([s.tests, s.failures, s.errors, s.skipped]).toEqual([4, 1, 0, 1])
    expect(s.failed).toEqual(['math divides › math divides'])
  })

  it('reads a single-<testsuite> surefire report and ignores flaky reruns that passed', async () => {
    const ws = workspace({ 'target/surefire-reports/TEST-com.example.AppTest.xml': SUREFIRE })
    const s = await readJunit('target/surefire-reports/TEST-com.example.AppTest.xml', ws)
    expect([s.tests, s.failures, s.errors, s.skipped]).toEqual([3, 0, 1, 0])
    expect(s.failed).toEqual(['com.example.AppTest › shouldConnect'])
  })

  it('walks nested suites and names cases without classname after their suite', async () => {
    const xml = `<testsuites><testsuite name="outer"><testsuite name="inner">
      <testcase name="a"><failure/></testcase><testcase/></testsuite>
      <testcase name="b"><error message="x"/></testcase></testsuite></testsuites>`
    const s = await readJunit('r.xml', workspace({ 'r.xml': xml }))
    expect([s.tests, s.failures, s.errors, s.skipped]).toEqual([3, 1, 1, 0])
    expect(s.failed.sort()).toEqual(['inner › a', 'outer › b'])
  })

  it('falls back to the attributes when the report lists no test cases', async () => {
    const ws = workspace({
      'a.xml':
        '<testsuites tests="12" failures="2" errors="1" skipped="3"><testsuite name="s" tests="1"/></testsuites>',
      'b.xml': '<testsuite name="x" tests="5" failures="1" errors="0" skipped="2"></testsuite>'
    })
    const a = await readJunit('a.xml', ws)
    expect([a.tests, a.failures, a.errors, a.skipped, a.failed.length]).toEqual([12, 2, 1, 3, 0])
    const b = await readJunit('b.xml', ws)
    expect([b.tests, b.failures, b.errors, b.skipped]).toEqual([5, 1, 0, 2])
  })

  it(`lists at most ${MAX_FAILED_NAMES} failing tests but counts them all`, async () => {
    const cases = Array.from(
      { length: 80 },
      (_, i) => `<testcase classname="c" name="t${i}"><failure/></testcase>`
    )
    const ws = workspace({ 'r.xml': `<testsuite name="s">${cases.join('')}</testsuite>` })
    const s = await readJunit('r.xml', ws)
    expect(s.failures).toBe(80)
    expect(s.failed).toHaveLength(MAX_FAILED_NAMES)
    expect(s.failed[0]).toBe('c › t0')
  })
})

describe('readJunit: refusals', () => {
  const outside = workspace({ 'junit.xml': JEST_JUNIT })

  it('refuses a symlink to a file outside the workspace', async () => {
    const ws = workspace()
    symlinkSync(join(outside, 'junit.xml'), join(ws, 'junit.xml'))
    const s = await readJunit('junit.xml', ws)
    expect(s.error).toMatch(/outside the workspace/)
    expect([s.tests, s.failures, s.errors, s.skipped, s.failed]).toEqual([0, 0, 0, 0, []])
  })

  it('refuses a symlinked directory leading outside, an absolute path and ../ escapes', async () => {
    const ws = workspace()
    symlinkSync(outside, join(ws, 'reports'))
    expect((await readJunit('reports/junit.xml', ws)).error).toMatch(/outside the workspace/)
    expect((await readJunit(join(outside, 'junit.xml'), ws)).error).toMatch(/outside/)
    const rel = join('..', outside.split('/').pop()!, 'junit.xml')
    expect((await readJunit(rel, ws)).error).toMatch(/outside the workspace/)
  })

  it('follows a symlink that stays inside the workspace, and a symlinked workspace path', async () => {
    const ws = workspace({ 'real/junit.xml': JEST_JUNIT })
    symlinkSync(join(ws, 'real', 'junit.xml'), join(ws, 'alias.xml'))
    expect((await readJunit('alias.xml', ws)).tests).toBe(4)
    const wsLink = join(scratch, `ws-link-${n++}`)
    symlinkSync(ws, wsLink)
    const s = await readJunit(join(wsLink, 'real', 'junit.xml'), wsLink)
    expect(s.error).toBeUndefined()
    expect(s.tests).toBe(4)
  })

  it('reports a missing file', async () => {
    const s = await readJunit('nope.xml', workspace())
    expect(s.error).toMatch(/nope\.xml.*no such file/)
    expect(s.tests).toBe(0)
  })

  it('reports malformed XML with its position', async () => {
    const ws = workspace({ 'bad.xml': '<testsuite name="s">\n<testcase name="a">\n</testsuite>' })
    const s = await readJunit('bad.xml', ws)
    expect(s.error).toMatch(/malformed XML at line \d+/)
    expect(s.tests).toBe(0)
  })

  it('reports XML that is not a JUnit report', async () => {
    const ws = workspace({ 'page.xml': '<html><body>hi</body></html>', 'text.xml': 'PASS 3 tests' })
    expect((await readJunit('page.xml', ws)).error).toMatch(/not a JUnit report/)
    expect((await readJunit('text.xml', ws)).error).toMatch(/malformed XML/)
  })

  it('refuses a FIFO without blocking, a directory, and a file over the size cap', async () => {
    const ws = workspace()
    execFileSync('mkfifo', [join(ws, 'fifo.xml')])
    expect((await readJunit('fifo.xml', ws)).error).toMatch(/not a regular file/)
    mkdirSync(join(ws, 'dir.xml'))
    expect((await readJunit('dir.xml', ws)).error).toMatch(/not a regular file/)
    writeFileSync(join(ws, 'huge.xml'), '<testsuite>')
    truncateSync(join(ws, 'huge.xml'), MAX_JUNIT_BYTES + 1)
    expect((await readJunit('huge.xml', ws)).error).toMatch(/over the .*cap/)
  })

  it('does not expand entity bombs', async () => {
    const lol = (k: number, prev: string) =>
      `<!ENTITY lol${k} "${Array(10).fill(`&${prev};`).join('')}">`
    const xml = `<?xml version="1.0"?><!DOCTYPE t [<!ENTITY lol0 "lol">${[1, 2, 3, 4, 5, 6]
      .map((k) => lol(k, `lol${k - 1}`))
      .join(
        ''
      )}]><testsuite name="&lol6;"><testcase name="&lol6;"><failure/></testcase></testsuite>`
    const s = await readJunit('bomb.xml', workspace({ 'bomb.xml': xml }))
    expect(s.tests).toBe(1)
    expect(s.failed[0].length).toBeLessThan(1000)
  })
})
