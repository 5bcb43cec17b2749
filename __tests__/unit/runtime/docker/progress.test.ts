import { describe, expect, it } from '@jest/globals'
import { Readable } from 'node:stream'
import { followProgress, ProgressReporter } from '../../../../src/runtime/docker/progress.js'

const ndjson = (...events: object[]): string =>
  events.map((e) => JSON.stringify(e)).join('\n') + '\n'

describe('build/pull progress', () => {
  it('prints build output as plain lines and finds an error reported inside a 200 response', async () => {
    const lines: string[] = []
    const body = ndjson(
      { stream: 'Step 1/2 : FROM x\n' },
      { stream: ' ---> abc\nStep 2/2 : RUN ' },
      { stream: 'false\n' },
      {
        errorDetail: {
          code: 1,
          message: "The command '/bin/sh -c false' returned a non-zero code: 1"
        },
        error: 'x'
      }
    )
    // Split mid-line to exercise reassembly across chunks.
    const r = await followProgress(
      Readable.from([body.slice(0, 30), body.slice(30)]),
      new ProgressReporter('[build] ', (l) => lines.push(l))
    )
    expect(lines).toEqual([
      '[build] Step 1/2 : FROM x',
      '[build]  ---> abc',
      '[build] Step 2/2 : RUN false',
      "[build] error: The command '/bin/sh -c false' returned a non-zero code: 1"
    ])
    expect(r.error).toMatch(/non-zero code: 1/)
    expect(r.tail()).toMatch(/Step 2\/2 : RUN false/)
  })

  it('prints each pull layer status once, not every progress tick', async () => {
    const lines: string[] = []
    const r = await followProgress(
      Readable.from([
        ndjson(
          { status: 'Pulling from library/x', id: 'latest' },
          { status: 'Downloading', id: 'l1', progress: '[=>  ] 1MB' },
          { status: 'Downloading', id: 'l1', progress: '[==> ] 2MB' },
          { status: 'Pull complete', id: 'l1' },
          { status: 'Digest: sha256:00' }
        )
      ]),
      new ProgressReporter('', (l) => lines.push(l))
    )
    expect(lines).toEqual([
      'latest: Pulling from library/x',
      'l1: Downloading',
      'l1: Pull complete',
      'Digest: sha256:00'
    ])
    expect(r.error).toBeUndefined()
  })

  it('keeps the image id a build reports', async () => {
    const r = await followProgress(
      Readable.from([ndjson({ aux: { ID: 'sha256:feed' } })]),
      new ProgressReporter('', () => undefined)
    )
    expect(r.imageId).toBe('sha256:feed')
  })
})
