/** The fast path of the kept pages (decisions 151, 262): a plain GET or HEAD of a page the cache
 * holds is answered here, before Nitro's router and the request pipeline. */
import { FastResponse } from 'srvx'
import { newNonce } from './csp-nonce.server'
import type { ServerEnv } from './env.server'
import type { Logger } from './log.server'
import { pageLocaleCookieFor } from './locale-cookie.server'
import type { PageCache } from './page-cache.server'
import { closeRequest, openRequest } from './request-log.server'
import { securityHeaderEntries } from './security-headers.server'

export interface KeptPageOptions {
  pageCache: Pick<PageCache, 'keptAnswer'>
  env: () => Pick<ServerEnv, 'proxyHops'>
  logger: () => Logger
}

/** Answers a request for a kept page, or returns null to leave it to the pipeline. */
export function createKeptPageAnswer({ pageCache, env, logger }: KeptPageOptions) {
  return (request: Request): Response | null => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null
    const url = new URL(request.url)
    const nonce = newNonce()
    const answer = pageCache.keptAnswer(request, url.pathname, nonce)
    if (!answer) return null
    const record = openRequest(request, url.pathname, env())
    const { headers } = answer
    // The pipeline sets the cookie on GET only (a HEAD's answer is not a visit).
    const cookie = request.method === 'GET' ? pageLocaleCookieFor(request, url.href) : null
    const kind = { pathname: url.pathname, contentType: headers.get('content-type') ?? '', setsCookie: cookie !== null }
    for (const [name, value] of securityHeaderEntries(kind, nonce)) headers.set(name, value)
    headers.set('x-request-id', record.requestId)
    const list = [...headers]
    if (cookie) list.push(['set-cookie', cookie])
    closeRequest(record, 200, logger())
    return new FastResponse(answer.body, { status: 200, headers: list })
  }
}

type KeptPageAnswer = (request: Request) => Response | null
/** Nitro's plugins and Start's server entry are bundled apart, each with its own copy of this
 * module, so the entry hands its answerer to the plugin through the global object (decision 262). */
const HANDOVER = Symbol.for('pusula.keptPageAnswer')
const handover = globalThis as { [HANDOVER]?: KeptPageAnswer }

/** Called by the server entry once it has made the answerer. */
export function handOverKeptPageAnswer(answer: KeptPageAnswer) {
  handover[HANDOVER] = answer
}

/** The answerer the server entry handed over, for src/server-plugins/kept-page.ts; null until then,
 * and for anything it cannot answer: a Host no URL can hold is the router's to refuse (400). */
export function keptPageBeforeRouter(request: Request): Response | null {
  try {
    return handover[HANDOVER]?.(request) ?? null
  } catch {
    return null
  }
}
