// The runner's HTTPS_PROXY / HTTP_PROXY is for the internet, never for loopback: a remote proxy
// cannot reach this host's 127.0.0.1. Most clients know that (@actions/http-client,
// sandbox-runtime), but not all of those the product loads: the Azure SDK under
// @actions/artifact sends a loopback blob URL to the proxy. So every entry point adds the
// loopback names to NO_PROXY / no_proxy when a proxy is set (the child processes of local mode
// inherit it, which is what they want too).
const LOOPBACK = ['localhost', '127.0.0.1', '::1']

export function withLoopbackNoProxy(env: NodeJS.ProcessEnv): void {
  const proxied = ['HTTPS', 'HTTP', 'ALL'].some(
    (p) => env[`${p}_PROXY`] || env[`${p.toLowerCase()}_proxy`]
  )
  if (!proxied) return
  const current = env.NO_PROXY ?? env.no_proxy ?? ''
  const entries = current
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
  if (entries.includes('*')) return
  const missing = LOOPBACK.filter((l) => !entries.includes(l))
  if (missing.length === 0) return
  const value = [...entries, ...missing].join(',')
  env.NO_PROXY = value
  env.no_proxy = value
}
