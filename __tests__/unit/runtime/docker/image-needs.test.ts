// What an agent image lacks, said exactly: the engine's exec errors mapped to the program missing
// and what the harness uses it for; other errors pass through unchanged.
import { describe, expect, it } from '@jest/globals'
import {
  explainImageError,
  fileStepToolsWarning
} from '../../../../src/runtime/docker/image-needs.js'

describe('explainImageError', () => {
  it('names sleep as the keepalive and /bin/sh as what every step runs through', () => {
    const sleep = explainImageError(
      new Error(
        '(HTTP code 400) unexpected - OCI runtime create failed: exec: "sleep": executable file not found in $PATH: unknown'
      ),
      'alpine:x'
    )
    expect(sleep.message).toMatch(
      /^image alpine:x has no sleep, which the harness needs for the container keepalive \(`sleep infinity`\); an agent image needs \/bin\/sh and sleep \(the keepalive\); write_file\/read_file steps also use mkdir, dirname, cat, head, tail \(the engine said: /
    )
    const sh = explainImageError(
      new Error(
        'OCI runtime exec failed: exec: "/bin/sh": stat /bin/sh: no such file or directory: unknown'
      ),
      'distroless:x'
    )
    expect(sh.message).toMatch(
      /^image distroless:x has no \/bin\/sh, which the harness needs for every step \(`\/bin\/sh -c`\)/
    )
  })

  it('leaves any other error as it was', () => {
    const other = new Error('Container abc is not running')
    expect(explainImageError(other, 'x')).toBe(other)
  })

  it('warns about missing file-step tools only when some are missing', () => {
    expect(fileStepToolsWarning('x', [])).toBeUndefined()
    expect(fileStepToolsWarning('x', ['head', 'tail'])).toBe(
      'image x has no head, tail: write_file and read_file steps will fail in it (run steps are unaffected); use an image that has them or install them in a step'
    )
  })
})
