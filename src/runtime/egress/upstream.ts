// The runner's own proxy (HTTPS_PROXY / HTTP_PROXY / NO_PROXY, as on corporate runners): the egress
// proxy still decides every connection, and sends what it allows through that upstream instead of
// dialling it (CONNECT through it for tunnels, the absolute URI for plain HTTP); NO_PROXY and
// loopback destinations are dialled directly. The parsing and the NO_PROXY matching are
// sandbox-runtime's (golang.org/x/net/http/httpproxy semantics), so srt and docker agree.
import {
  redactUrl,
  resolveParentProxy,
  selectParentProxyUrl,
  shouldBypassParentProxy,
  type ResolvedParentProxy
} from '../../lib/egress/srt-pieces.js'

export type UpstreamProxy = ResolvedParentProxy

/**
 * The upstream from an environment (default: this process's). HTTPS_PROXY falls back to
 * HTTP_PROXY (as curl does); upper case wins over lower case. Undefined: no upstream (or only
 * unparsable URLs, which are ignored).
 */
export function upstreamFromEnv(env: NodeJS.ProcessEnv = process.env): UpstreamProxy | undefined {
  return resolveParentProxy({
    // '' rather than undefined: the library would fall back to process.env otherwise.
    http: env.HTTP_PROXY || env.http_proxy || '',
    https: env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy || '',
    noProxy: env.NO_PROXY ?? env.no_proxy ?? ''
  })
}

/**
 * The upstream URL a connection to `host` goes through, or undefined when it is dialled directly
 * (no upstream, a NO_PROXY match, loopback). `https`: a CONNECT tunnel (or an https:// absolute
 * URI); plain HTTP uses HTTP_PROXY only, as curl does. Must match sandbox-runtime's own choice.
 */
export function upstreamFor(
  upstream: UpstreamProxy | undefined,
  host: string,
  https: boolean
): URL | undefined {
  if (!upstream || shouldBypassParentProxy(upstream, host)) return undefined
  return selectParentProxyUrl(upstream, { isHttps: https })
}

/** For the log: the URLs without credentials, and the NO_PROXY list. */
export function describeUpstream(
  upstream: UpstreamProxy,
  env: NodeJS.ProcessEnv = process.env
): string {
  const parts = [
    upstream.httpsUrl && `https via ${redactUrl(upstream.httpsUrl)}`,
    upstream.httpUrl && `http via ${redactUrl(upstream.httpUrl)}`
  ].filter(Boolean)
  const noProxy = env.NO_PROXY ?? env.no_proxy
  return `upstream proxy: ${parts.join(', ')}${noProxy ? `; NO_PROXY ${noProxy}` : ''}`
}
