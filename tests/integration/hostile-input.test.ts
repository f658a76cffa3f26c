/**
 * Every server function, found in the sources and the build, fed random and malicious input over
 * real HTTP (fast-check): public ones without a session, admin ones with an admin's. Each answer
 * must be a 4xx (never a 5xx) with a message in the cookie's language and nothing internal in
 * it, and nothing a refused request carried may be stored. Decision 071.
 */
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { fromCrossJSON } from 'seroval'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Banner } from '~/domain/banners'
import type { ContactMessage } from '~/domain/messages'
import { ContactSubmissionSchema } from '~/features/contact/contact.schemas'
import { LIMITS } from '~/lib/limits'
import { type AppServer, callServerFn, cookiesFrom, latestCode, startAppServer } from './app-server'
import { POLLUTING_KEYS, SERVER_FN_INPUTS, addressPool, hostileValidContact, invalidContactForm, rawBody } from './arbitraries'
import { INTEGRATION_OUTPUT_DIR } from './build'
import { type SourceServerFn, findBuiltServerFns, findSourceServerFns } from './server-functions'

const ADMIN = 'admin@example.com'
const RUNS = 30
type Locale = 'tr' | 'en'
const locale = fc.constantFrom<Locale>('tr', 'en')

// --- Reading answers -----------------------------------------------------------------------

/** Every message of a language as a pattern (`{max}` matches anything), to tell its copy apart. */
function catalog(lang: Locale): RegExp[] {
  const leaves = (node: unknown): string[] =>
    typeof node === 'string' ? [node] : node && typeof node === 'object' ? Object.values(node).flatMap(leaves) : []
  const messages = JSON.parse(readFileSync(join('messages', `${lang}.json`), 'utf8')) as Record<string, unknown>
  delete messages.$schema
  return leaves(messages).map(
    (text) => new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]*\}/g, '.+')}$`, 's'),
  )
}
const CATALOGS: Record<Locale, RegExp[]> = { tr: catalog('tr'), en: catalog('en') }

/** A seroval string as the browser reads it (seroval writes `<` as \x3C, the rest as JSON does). */
function decodeSeroval(s: string): string {
  try {
    // Raw control characters (seroval leaves most as they are) must be escaped for JSON.parse.
    const escaped = [...s]
      .map((c) => (c.charCodeAt(0) < 0x20 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c))
      .join('')
    return JSON.parse(`"${escaped.replace(/\\x3C/g, '\\u003C')}"`) as string
  } catch {
    return s
  }
}

interface Answer {
  status: number
  code?: string
  message?: string
  /** Every string and key the body carries, decoded. */
  texts: string[]
}

/** Start's serialized AppError, the body limit's JSON, or whatever else came back. */
async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text()
  const answer: Answer = { status: response.status, texts: [text] }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return answer
  }
  if (!response.headers.get('x-tss-serialized')) {
    const { code, message } = (json ?? {}) as { code?: unknown; message?: unknown }
    return { ...answer, code: String(code), message: typeof message === 'string' ? message : undefined }
  }
  answer.texts = []
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk)
    if (!node || typeof node !== 'object') return
    const n = node as { t?: number; s?: unknown; p?: { k?: string[]; v?: { s?: unknown }[] } }
    if (n.t === 1 && typeof n.s === 'string') answer.texts.push(decodeSeroval(n.s))
    const keys = n.p?.k ?? []
    answer.texts.push(...keys.map(decodeSeroval))
    if (keys.includes('code') && keys.includes('message')) {
      answer.code = decodeSeroval(String(n.p?.v?.[keys.indexOf('code')]?.s))
      answer.message = decodeSeroval(String(n.p?.v?.[keys.indexOf('message')]?.s))
    }
    Object.values(node).forEach(walk)
  }
  walk(json)
  return answer
}

/** Stack frames, source paths, parser and database internals. */
const LEAKS = [
  /\bat\s+\S+\s+\(|\bat\s+(file|node):|\bat\s+\//,
  /node_modules|\/work\/|\/tmp\/|file:\/\/|\.m?js:\d+|\.tsx?:\d+/,
  /\b(insert\s+into|select\s+\S.*\s+from|syntax error at|violates|relation\s+"|contact_messages|hero_settings|pglite|postgres|sqlstate)/i,
  /\b(TypeError|SyntaxError|RangeError|ReferenceError|ValiError|Seroval\w*Error|Unexpected token|is not valid JSON|not found for)\b/,
  /^(stack|cause)$/,
]

/** The input's strings, which validators may quote back: a quote of the input is not a leak. */
function inputStrings(input: unknown, out: string[] = [], depth = 0): string[] {
  if (typeof input === 'string') out.push(input, input.trim())
  else if (input && typeof input === 'object' && depth < 400) {
    for (const [key, value] of Object.entries(input)) {
      out.push(key)
      inputStrings(value, out, depth + 1)
    }
  }
  return out.filter((s) => s.length > 2).sort((a, b) => b.length - a.length)
}

function expectCleanRefusal(answer: Answer, lang: Locale, input: unknown, context: string) {
  const where = `${context}: ${answer.status} ${answer.texts.join(' | ').slice(0, 500)}`
  expect(answer.status, where).toBeGreaterThanOrEqual(400)
  expect(answer.status, where).toBeLessThan(500)
  expect(answer.message?.trim(), `${where}: a message`).toBeTruthy()
  expect(
    CATALOGS[lang].some((pattern) => pattern.test(answer.message!)),
    `${where}: a message in ${lang}`,
  ).toBe(true)
  const quoted = inputStrings(input)
  for (const text of answer.texts) {
    const own = quoted.reduce((rest, q) => rest.split(q).join(' '), text)
    for (const leak of LEAKS) expect(own, `${where}: internal detail`).not.toMatch(leak)
  }
}

// --- The server ----------------------------------------------------------------------------

const key = (fn: { file: string; name: string }) => `${fn.file}#${fn.name}`
const { fns: sourceFns } = findSourceServerFns(process.cwd())
const nextIp = addressPool(77)
/** Status counts per function, printed at the end. */
const tally = new Map<string, Map<number, number>>()
let server: AppServer
let ids: Map<string, string>
let adminCookie = ''

function idOf(fn: { file: string; name: string }): string {
  const id = ids.get(key(fn))
  if (!id) throw new Error(`${key(fn)} is not in the production build`)
  return id
}
const fnNamed = (name: string) => sourceFns.find((fn) => fn.name === name)!

beforeAll(async () => {
  ids = new Map(findBuiltServerFns(INTEGRATION_OUTPUT_DIR).map((fn) => [key(fn), fn.id]))
  server = await startAppServer()
  // One admin session for the file, made the way the login page makes it.
  const sent = await callServerFn(server, idOf(fnNamed('sendLoginCode')), {
    method: 'POST',
    data: { email: ADMIN },
    ip: nextIp(),
  })
  expect(sent.status).toBe(200)
  const data = { email: ADMIN, code: latestCode(server.dataDir, ADMIN) }
  const signedIn = await callServerFn(server, idOf(fnNamed('verifyLoginCode')), {
    method: 'POST',
    data,
    ip: nextIp(),
    cookie: cookiesFrom(sent),
  })
  expect(signedIn.status).toBe(200)
  adminCookie = cookiesFrom(signedIn)
}, 120_000)

afterAll(async () => {
  const rows = [...tally].map(
    ([name, counts]) =>
      `${name.padEnd(22)} ${[...counts]
        .sort()
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
  )
  console.info(`Answers to hostile input, by function:\n${rows.join('\n')}`)
  await server?.stop()
})

function count(name: string, status: number) {
  const counts = tally.get(name) ?? new Map<number, number>()
  counts.set(status, (counts.get(status) ?? 0) + 1)
  tally.set(name, counts)
}

function cookieFor(fn: SourceServerFn, lang: Locale): string {
  return `${fn.middleware.includes('requireAdmin') ? `${adminCookie}; ` : ''}PARAGLIDE_LOCALE=${lang}`
}

async function call(fn: SourceServerFn, data: unknown, lang: Locale): Promise<Answer> {
  const response = await callServerFn(server, idOf(fn), { method: fn.method, data, cookie: cookieFor(fn, lang), ip: nextIp() })
  const answer = await readAnswer(response)
  count(fn.name, answer.status)
  return answer
}

/** A body the browser's client would never send: raw bytes with any content type. */
async function callRaw(fn: SourceServerFn, raw: { type: string; body: string }, lang: Locale, id = idOf(fn)): Promise<Answer> {
  const url = new URL(`/_serverFn/${id}`, server.baseUrl)
  if (fn.method === 'GET') url.searchParams.set('payload', raw.body)
  const headers = {
    'x-tsr-serverfn': 'true',
    'sec-fetch-site': 'same-origin',
    origin: server.baseUrl,
    'x-forwarded-for': nextIp(),
    cookie: cookieFor(fn, lang),
  }
  const post = fn.method === 'POST' ? { body: raw.body, headers: { ...headers, 'content-type': raw.type } } : { headers }
  const answer = await readAnswer(await fetch(url, { method: fn.method, redirect: 'manual', ...post }))
  count(`${fn.name} (raw)`, answer.status)
  return answer
}

/** An admin function's result, read back as the browser would. */
async function adminResult<T>(name: string, data?: unknown): Promise<T> {
  const fn = fnNamed(name)
  const response = await callServerFn(server, idOf(fn), { method: fn.method, data, cookie: adminCookie })
  expect(response.status).toBe(200)
  return (fromCrossJSON(await response.json(), { refs: new Map() }) as { result: T }).result
}

const inbox = (q = '', status: 'all' | 'spam' = 'all') =>
  adminResult<{ total: number; items: ContactMessage[] }>('listMessages', { status, q, page: 1 })
/** Sign-in code mails (notifications of the contact tests' messages go to the same outbox). */
const outboxSize = () =>
  readFileSync(join(server.dataDir, 'outbox.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && (JSON.parse(line) as { kind?: string }).kind === 'sign_in_code').length

/** What a function's refused calls must leave as it was. */
const UNCHANGED: Record<string, () => Promise<unknown>> = {
  submitContactMessage: async () => (await inbox()).total,
  submitContactForm: async () => (await inbox()).total,
  sendLoginCode: async () => outboxSize(),
  saveBanners: () => adminResult<Banner[]>('listBanners'),
  saveNotificationSettings: () => adminResult('getNotificationSettings'),
  addAdmin: () => adminResult('getTeam'),
  removeAdmin: () => adminResult('getTeam'),
  ...Object.fromEntries(
    ['openMessage', 'toggleMessageStatus', 'deleteMessage', 'bulkUpdateStatus', 'bulkDeleteMessages'].map((name) => [
      name,
      async () => (await inbox()).items.map((m) => [m.id, m.status]),
    ]),
  ),
}

// --- The tests -----------------------------------------------------------------------------

describe('hostile but valid content', () => {
  it('is stored as inert text, exactly as validated, without the extra keys', async () => {
    const sent: { email: string; expected: v.InferOutput<typeof ContactSubmissionSchema> }[] = []
    const extras = fc.option(fc.constantFrom(...POLLUTING_KEYS), { nil: undefined })
    await fc.assert(
      fc.asyncProperty(hostileValidContact, extras, async (contact, extra) => {
        const data: Record<string, unknown> = { ...contact, email: `valid-${sent.length}@example.com` }
        if (extra) Object.defineProperty(data, extra, { value: { polluted: 'yes' }, enumerable: true })
        const answer = await call(fnNamed('submitContactMessage'), data, 'en')
        expect(answer.status, answer.texts.join(' ')).toBe(200)
        sent.push({ email: String(data.email), expected: v.parse(ContactSubmissionSchema, data) })
      }),
      { numRuns: 15 },
    )
    // Stored, whatever the spam filter made of it: the generator draws from a small pool of hostile
    // texts, and the same text from other addresses within hours counts towards spam (repeatWindowHours).
    for (const { email, expected } of sent) {
      const items = [...(await inbox(email)).items, ...(await inbox(email, 'spam')).items]
      expect(items.map((m) => ({ name: m.name, email: m.email, message: m.message }))).toEqual([
        { name: expected.name, email, message: expected.message },
      ])
    }
  })
})

describe('hostile input to every server function', () => {
  it('has an input spec for each server function, and only for those', () => {
    expect(
      sourceFns.map(key).filter((k) => !(k in SERVER_FN_INPUTS)),
      'add an entry to SERVER_FN_INPUTS',
    ).toEqual([])
    expect(
      Object.keys(SERVER_FN_INPUTS).filter((k) => !sourceFns.some((fn) => key(fn) === k)),
      'stale entries',
    ).toEqual([])
  })

  for (const fn of sourceFns) {
    const spec = SERVER_FN_INPUTS[key(fn)]
    if (!spec) continue
    it(`${fn.name}: random and malicious input → a clean ${spec.refuses ? '4xx' : '2xx or 4xx'}, nothing stored`, async () => {
      const probe = UNCHANGED[fn.name]
      const before = await probe?.()
      await fc.assert(
        fc.asyncProperty(spec.input({ inUrl: fn.method === 'GET' }), locale, async (data, lang) => {
          const answer = await call(fn, data, lang)
          if (spec.refuses || answer.status >= 300) expectCleanRefusal(answer, lang, data, fn.name)
        }),
        { numRuns: RUNS },
      )
      if (probe) expect(await probe(), `${fn.name} changed stored data`).toEqual(before)
    })
  }

  it('answers bodies that are not the protocol at all (bad JSON, seroval, form data) with a clean 4xx', async () => {
    for (const fn of sourceFns) {
      await fc.assert(
        fc.asyncProperty(rawBody, locale, async (raw, lang) => {
          const answer = await callRaw(fn, raw, lang)
          // Input-free functions may ignore a body; a GET without a payload is a call without input.
          if (answer.status < 300 && !SERVER_FN_INPUTS[key(fn)]?.refuses) return
          // A form-encoded body is a form post to the no-JavaScript function: back to the form.
          if (fn.name === 'submitContactForm' && answer.texts.some((t) => t.includes('"href":"/?contact=invalid#contact"')))
            return
          expectCleanRefusal(answer, lang, raw.body, `${fn.name} ${raw.type}`)
        }),
        { numRuns: 12 },
      )
    }
  })

  it('answers calls to functions that do not exist with a clean 4xx', async () => {
    const unknownId = fc.oneof(
      fc.stringMatching(/^[0-9a-f]{64}$/),
      fc.constantFrom('x', '..%2f..%2fetc', 'constructor', '__proto__'),
    )
    await fc.assert(
      fc.asyncProperty(unknownId, locale, async (id, lang) => {
        const fn = { file: '', name: 'unknown', method: 'POST' as const, middleware: [] }
        expectCleanRefusal(await callRaw(fn, { type: 'application/json', body: '{}' }, lang, id), lang, id, `unknown ${id}`)
      }),
      { numRuns: 10 },
    )
  })

  it('sends an invalid no-JavaScript form post back to the form, storing nothing', async () => {
    const fn = fnNamed('submitContactForm')
    const before = (await inbox()).total
    await fc.assert(
      fc.asyncProperty(invalidContactForm({ inUrl: false }), async (fields) => {
        const form = new FormData()
        for (const [name, value] of Object.entries(fields as object)) form.append(name, typeof value === 'string' ? value : 'x')
        const headers = { 'sec-fetch-site': 'same-origin', origin: server.baseUrl, 'x-forwarded-for': nextIp() }
        const response = await fetch(new URL(`/_serverFn/${idOf(fn)}`, server.baseUrl), {
          method: 'POST',
          body: form,
          headers,
          redirect: 'manual',
        })
        await response.body?.cancel()
        count(`${fn.name} (form)`, response.status)
        // A body over the limit is refused before the function runs; anything else returns to the form.
        if (response.status === 413) return
        expect(response.status).toBe(303)
        expect(response.headers.get('location')).toMatch(/[?&]contact=invalid#contact$/)
      }),
      { numRuns: 15 },
    )
    expect((await inbox()).total).toBe(before)
  })

  it('never failed inside a server function (nothing logged as an internal error)', () => {
    expect(server.log()).not.toMatch(/server function failed/)
  })
})

describe('oversized bodies', () => {
  /**
   * Posts with node:http so the test controls what is sent: `send` bytes of the body, then
   * nothing more (the request is never finished), and resolves with the answer the server gave.
   */
  function postPartially(
    path: string,
    headers: Record<string, string>,
    send: number,
  ): Promise<{ status: number; body: string; ms: number }> {
    const started = performance.now()
    return new Promise((resolve, reject) => {
      const url = new URL(path, server.baseUrl)
      const request = httpRequest(url, {
        method: 'POST',
        headers: { origin: server.baseUrl, 'sec-fetch-site': 'same-origin', ...headers },
      })
      request.on('response', (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => {
          request.destroy()
          resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started })
        })
      })
      request.on('error', reject)
      const chunk = Buffer.alloc(16 * 1024, 'a')
      for (let sent = 0; sent < send; sent += chunk.length) request.write(chunk)
    })
  }

  const contactPath = () => `/_serverFn/${idOf(fnNamed('submitContactMessage'))}`
  const fnHeaders = () => ({ 'x-tsr-serverfn': 'true', 'content-type': 'application/json', 'x-forwarded-for': nextIp() })

  it('refuses a 2 MB contact body by its Content-Length at once, before reading it', async () => {
    const headers = { ...fnHeaders(), 'content-length': String(2 * 1024 * 1024), cookie: 'PARAGLIDE_LOCALE=en' }
    // Only 16 KB of the declared 2 MB are ever sent: an answer proves nothing waited for the rest.
    const answer = await postPartially(contactPath(), headers, 16 * 1024)
    console.info(`2 MB declared: ${answer.status} after ${answer.ms.toFixed(0)} ms`)
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ code: 'payload_too_large', message: 'The request is too large.' })
    expect(answer.ms).toBeLessThan(5_000)
  })

  it('refuses the upload route past its own, larger limit', async () => {
    const headers = {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(LIMITS.http.maxUploadBodyBytes + 1),
    }
    const answer = await postPartially('/api/banner-upload', headers, 16 * 1024)
    expect(answer.status).toBe(413)
  })

  it('stops reading a chunked body once it passes the limit, and stays healthy', async () => {
    // No Content-Length: node:http sends the body chunked. Twice the limit is sent, never finished.
    const answer = await postPartially(
      contactPath(),
      { ...fnHeaders(), cookie: 'PARAGLIDE_LOCALE=tr' },
      2 * LIMITS.http.maxBodyBytes,
    )
    console.info(`chunked past the limit: ${answer.status} after ${answer.ms.toFixed(0)} ms`)
    expect(answer.status).toBe(413)
    expect(answer.body).toContain('İstek çok büyük.')
    expect((await fetch(`${server.baseUrl}/`)).status).toBe(200)
    const valid = { name: 'Deniz Kaya', email: 'after-limit@example.com', message: 'Still accepting messages after a refusal.' }
    expect((await call(fnNamed('submitContactMessage'), valid, 'tr')).status).toBe(200)
  })
})
