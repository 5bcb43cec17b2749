// Docker-style sizes ("512m", "2g", "1.5G", "2gb", or a number of bytes) → bytes.
const UNITS: Record<string, number> = { b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }

export function parseMemory(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.floor(v) : undefined
  if (typeof v !== 'string') return undefined
  const m = /^\s*(\d+(?:\.\d+)?)\s*([bkmg])?b?\s*$/i.exec(v)
  if (!m) return undefined
  return Math.floor(parseFloat(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()])
}

/** Bytes → the shortest exact Docker-style size ("512m", "2g"), for showing a resolved limit. */
export function formatBytes(n: number): string {
  for (const [u, f] of [
    ['g', 1024 ** 3],
    ['m', 1024 ** 2],
    ['k', 1024]
  ] as const) {
    if (n >= f && n % f === 0) return `${n / f}${u}`
  }
  return `${n}`
}
