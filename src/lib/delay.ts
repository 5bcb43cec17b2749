// A timer as a promise, for polls and short waits.
/** Resolves after `ms`; `unref`: the timer does not keep the process alive on its own. */
export function delay(ms: number, opts: { unref?: boolean } = {}): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms)
    if (opts.unref) t.unref()
  })
}
