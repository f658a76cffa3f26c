import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { NONCE_PLACEHOLDER, nonceStorage } from './csp-nonce.server'
import { STAMP_PLACEHOLDER, issueFormStamp } from './form-stamp.server'
import { deferScriptsUntilPainted } from './defer-scripts.server'
import { LEGAL_PAGES } from './legal-pages'
import type { Middleware } from './middleware'

/**
 * Rendered HTML of the public landing pages (and the legal pages, as static), kept until a banner changes (or a minute
 * passes, in case a change was made outside this process). Every visitor sees the same
 * page, so rendering it from scratch per request would only burn CPU. The page is
 * rendered once with a placeholder nonce; each response gets its own fresh nonce, and its own
 * fresh time stamp for the contact form (form-stamp.server.ts).
 *
 * A page names its origin (canonical, hreflang, og:url, og:image), and without SITE_URL
 * that origin is whatever Host the request carried: pages are kept per origin, so a forged
 * Host only ever reaches its sender. The number of origins is bounded, so forged Hosts
 * cannot grow memory; past the bound a page is rendered and served but not kept
 * (docs/decisions/080-client-address-and-origin.md).
 */
export const CACHEABLE_PATHS = new Set(['/', '/en', ...Object.values(LEGAL_PAGES).flatMap(({ tr, en }) => [tr, en])])
const TTL_MS = 60_000
export const MAX_ORIGINS = 4
const MAX_ENTRIES = MAX_ORIGINS * CACHEABLE_PATHS.size
export { NONCE_PLACEHOLDER }

interface Entry {
  html: string
  headers: [string, string][]
  expires: number
}

const DROPPED_HEADERS = new Set([
  'set-cookie',
  'date',
  'content-length',
  'content-security-policy',
  'transfer-encoding',
  'connection',
  'keep-alive',
])

/** What each response gets of its own: the request's nonce, a time stamp issued now. */
function perResponse(html: string, nonce: string): string {
  return html.replaceAll(NONCE_PLACEHOLDER, nonce).replaceAll(STAMP_PLACEHOLDER, issueFormStamp())
}

export interface PageCache {
  /** Serves `request` from the cache when it is a cacheable page, rendering it at most once at a time. */
  handle(request: Request, nonce: string, render: (nonce: string) => Promise<Response>): Promise<Response>
  /**
   * `handle` as a step of the request pipeline: the response gets the request's nonce (set by
   * `securityHeaders`, outside it), and the rest of the pipeline renders with the nonce `handle`
   * asks for: the placeholder when the page is to be kept.
   */
  middleware: Middleware
  clear(): void
}

export interface PageCacheOptions {
  /** The origin the page's absolute URLs are built from (the app's `requestOrigin`). */
  originOf?: (request: Request) => string
  now?: () => number
}

export function createPageCache({
  originOf = (request) => new URL(request.url).origin,
  now = Date.now,
}: PageCacheOptions = {}): PageCache {
  const entries = new Map<string, Entry>()
  const inFlight = new Map<string, Promise<Entry | null>>()

  /** Room for `key`: always for a page already kept, else only below the bound once expired pages are dropped. */
  function hasRoom(key: string): boolean {
    if (entries.has(key) || entries.size < MAX_ENTRIES) return true
    for (const [k, entry] of entries) if (entry.expires <= now()) entries.delete(k)
    return entries.size < MAX_ENTRIES
  }

  function respond(request: Request, nonce: string, status: number, headers: HeadersInit, html: string): Response {
    const body = request.method === 'HEAD' ? null : perResponse(html, nonce)
    return new Response(body, { status, headers })
  }

  /** A cached page, compressed for clients that accept it (~50 KB of HTML becomes ~10 KB). */
  function respondCompressed(request: Request, nonce: string, entry: Entry): Response {
    const headers = new Headers(entry.headers)
    headers.set('cache-control', 'no-cache')
    headers.append('vary', 'accept-encoding')
    const accepted = request.headers.get('accept-encoding') ?? ''
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null
    if (!encoding || request.method === 'HEAD') return respond(request, nonce, 200, headers, entry.html)
    const html = Buffer.from(perResponse(entry.html, nonce))
    const body =
      encoding === 'br'
        ? brotliCompressSync(html, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
          })
        : gzipSync(html, { level: 6 })
    headers.set('content-encoding', encoding)
    return new Response(body, { status: 200, headers })
  }

  /** Renders with the placeholder nonce; caches the result when it is a plain 200 HTML page. */
  async function renderAndStore(key: string, request: Request, nonce: string, render: (nonce: string) => Promise<Response>) {
    let settle!: (entry: Entry | null) => void
    inFlight.set(key, new Promise((resolve) => (settle = resolve)))
    try {
      const response = await render(NONCE_PLACEHOLDER)
      const type = response.headers.get('content-type') ?? ''
      const html = await response.text()
      const cacheable = response.status === 200 && type.includes('text/html') && !response.headers.has('set-cookie')
      if (cacheable) {
        const headers = [...response.headers.entries()].filter(([name]) => !DROPPED_HEADERS.has(name))
        const entry = { html: deferScriptsUntilPainted(html), headers, expires: now() + TTL_MS }
        if (hasRoom(key)) entries.set(key, entry)
        settle(entry)
        // The visitor who triggered the render gets the same compressed page as everyone after.
        return respondCompressed(request, nonce, entry)
      } else {
        settle(null)
      }
      const headers = new Headers(response.headers)
      headers.delete('content-length')
      return respond(request, nonce, response.status, headers, html)
    } catch (error) {
      settle(null)
      throw error
    } finally {
      inFlight.delete(key)
    }
  }

  async function handle(request: Request, nonce: string, render: (nonce: string) => Promise<Response>) {
    const url = new URL(request.url)
    const cacheable =
      (request.method === 'GET' || request.method === 'HEAD') && CACHEABLE_PATHS.has(url.pathname) && url.search === ''
    if (!cacheable) return render(nonce)
    const key = `${originOf(request)}${url.pathname}`
    let entry = entries.get(key)
    if (!entry || entry.expires <= now()) {
      const pending = inFlight.get(key)
      if (!pending) return renderAndStore(key, request, nonce, render)
      entry = (await pending) ?? undefined
      if (!entry) return render(nonce)
    }
    return respondCompressed(request, nonce, entry)
  }

  return {
    handle,
    middleware(request, next) {
      const nonce = nonceStorage.getStore()
      if (nonce === undefined) throw new Error('The page cache needs the request nonce: run it inside securityHeaders.')
      return handle(request, nonce, (renderNonce) => nonceStorage.run(renderNonce, () => next(request)))
    },
    clear() {
      entries.clear()
    },
  }
}
