import { FastResponse } from 'srvx'
import { acceptsGzip } from './compress.server'
import { NONCE_PLACEHOLDER, nonceStorage } from './csp-nonce.server'
import { requestScratch } from './request-scratch.server'
import { FORM_STAMP_LENGTH, STAMP_PLACEHOLDER, issueFormStamp } from './form-stamp.server'
import { deferScriptsUntilPainted } from './defer-scripts.server'
import { LEGAL_PAGES } from './legal-pages'
import type { Middleware } from './middleware'
import { type PageTemplate, createPageTemplate, fillPage, fillPageGzip } from './page-template.server'

/** Rendered HTML of the public landing pages (and the legal pages, as static), kept until a banner
 * changes (or a minute passes, in case a change was made outside this process). Every visitor sees
 * the same page, so rendering it from scratch per request would only burn CPU (decision 151). */
export const CACHEABLE_PATHS = new Set(['/', '/en', ...Object.values(LEGAL_PAGES).flatMap(({ tr, en }) => [tr, en])])
const TTL_MS = 60_000
export const MAX_ORIGINS = 4
const MAX_ENTRIES = MAX_ORIGINS * CACHEABLE_PATHS.size
export { NONCE_PLACEHOLDER }
/** What each response fills in: a nonce (16 random bytes in base64) and the form's time stamp. */
const GAPS = [
  { placeholder: NONCE_PLACEHOLDER, length: 24 },
  { placeholder: STAMP_PLACEHOLDER, length: FORM_STAMP_LENGTH },
]

interface Entry {
  template: PageTemplate
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

/** A kept page's answer: its headers (lower-case names, one value each) and its bytes (none for HEAD). */
export interface KeptAnswer {
  headers: Map<string, string>
  body: Buffer<ArrayBuffer> | null
}

export interface PageCache {
  /** The answer to a GET or HEAD of a kept page (no query) while it is fresh, else null: the fast
   * path's lookup (src/lib/kept-page.server.ts). Never renders. */
  keptAnswer(request: Request, pathname: string, nonce: string): KeptAnswer | null
  /** Serves `request` from the cache when it is a cacheable page, rendering it at most once at a time. */
  handle(request: Request, nonce: string, render: (nonce: string) => Promise<Response>): Promise<Response>
  /** `handle` as a step of the request pipeline: the response gets the request's nonce (set by
   * `securityHeaders`, outside it), and the rest of the pipeline renders with the nonce `handle`
   * asks for: the placeholder when the page is to be kept. */
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

  /** A kept page's answer with this response's nonce and stamp, gzip-encoded for clients that accept
   * it (~48 KB of HTML becomes ~12 KB; a client that asks only for br gets it plain). */
  function answerOf(request: Request, nonce: string, entry: Entry): KeptAnswer {
    const headers = new Map(entry.headers)
    headers.set('cache-control', 'no-cache')
    headers.set('vary', headers.has('vary') ? `${headers.get('vary')}, accept-encoding` : 'accept-encoding')
    const values = { [NONCE_PLACEHOLDER]: nonce, [STAMP_PLACEHOLDER]: issueFormStamp() }
    const gzip = acceptsGzip(request)
    const body = gzip ? fillPageGzip(entry.template, values) : fillPage(entry.template, values)
    if (gzip) headers.set('content-encoding', 'gzip')
    headers.set('content-length', String(body.length))
    return { headers, body: request.method === 'HEAD' ? null : body }
  }

  /** A FastResponse with the bytes whole: the server writes them at once, without a web stream. */
  function respondFromEntry(request: Request, nonce: string, entry: Entry): Response {
    const { headers, body } = answerOf(request, nonce, entry)
    return new FastResponse(body, { status: 200, headers: [...headers] })
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
        const template = createPageTemplate(deferScriptsUntilPainted(html), GAPS)
        const entry = { template, headers, expires: now() + TTL_MS }
        if (hasRoom(key)) entries.set(key, entry)
        settle(entry)
        // The visitor who triggered the render gets the same compressed page as everyone after.
        return respondFromEntry(request, nonce, entry)
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
      // A HEAD's render has no body: kept, it would answer every later visitor with an empty page.
      if (!pending) return request.method === 'GET' ? renderAndStore(key, request, nonce, render) : render(nonce)
      entry = (await pending) ?? undefined
      if (!entry) return render(nonce)
    }
    return respondFromEntry(request, nonce, entry)
  }

  return {
    handle,
    keptAnswer(request, pathname, nonce) {
      if ((request.method !== 'GET' && request.method !== 'HEAD') || !CACHEABLE_PATHS.has(pathname)) return null
      if (request.url.includes('?')) return null
      const entry = entries.get(`${originOf(request)}${pathname}`)
      return entry && entry.expires > now() ? answerOf(request, nonce, entry) : null
    },
    middleware(request, next) {
      const nonce = nonceStorage.getStore()
      if (nonce === undefined) throw new Error('The page cache needs the request nonce: run it inside securityHeaders.')
      return handle(request, nonce, (renderNonce) =>
        nonceStorage.run(renderNonce, () => requestScratch.run(new Map(), () => next(request))),
      )
    },
    clear() {
      entries.clear()
    },
  }
}
