import { describe, expect, it, vi } from 'vitest'
import { m } from '~/paraglide/messages'
import { LIMITS } from './limits'
import { limitBodies, limitStream, withBody } from './body-limit.server'

const MAX = LIMITS.http.maxBodyBytes
const CHUNK = 16 * 1024
const UPLOAD_PATH = '/api/upload'
/** Limits shaped like the app's (src/server.ts): one for everything, a larger one for an upload route. */
const limitRequestBody = limitBodies({
  maxBytes: MAX,
  paths: {
    [UPLOAD_PATH]: {
      maxBytes: LIMITS.http.maxUploadBodyBytes,
      message: (locale) => m.banner_upload_error_too_big({ maxMb: LIMITS.upload.maxBytes / (1024 * 1024) }, { locale }),
    },
  },
})

/** An endless body, counting what was pulled from it and whether it was cancelled. */
function endlessBody() {
  const state = { pulled: 0, cancelled: false }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += CHUNK
      controller.enqueue(new Uint8Array(CHUNK))
    },
    cancel() {
      state.cancelled = true
    },
  })
  return { stream, state }
}

function post(path: string, init: { body: BodyInit; headers?: Record<string, string> }): Request {
  return new Request(`http://127.0.0.1${path}`, { method: 'POST', duplex: 'half', ...init } as RequestInit)
}

describe('limitRequestBody with a declared length', () => {
  it('answers 413 at once, in the cookie language, without calling the app', async () => {
    const next = vi.fn()
    const request = post('/_serverFn/x', {
      body: 'x',
      headers: { 'content-length': String(MAX + 1), cookie: 'PARAGLIDE_LOCALE=en' },
    })
    const response = await limitRequestBody(request, next)
    expect(next).not.toHaveBeenCalled()
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ code: 'payload_too_large', message: 'The request is too large.' })
  })

  it('answers in Turkish without a language cookie', async () => {
    const response = await limitRequestBody(post('/', { body: 'x', headers: { 'content-length': String(MAX + 1) } }), vi.fn())
    expect((await response.json()).message).toBe('İstek çok büyük.')
  })

  it('hands a body within the limit to the app untouched', async () => {
    const request = post('/_serverFn/x', { body: 'hello', headers: { 'content-length': '5' } })
    const next = vi.fn(async (r: Request) => new Response(await r.text()))
    const response = await limitRequestBody(request, next)
    expect(next.mock.calls[0]?.[0]).toBe(request)
    expect(await response.text()).toBe('hello')
  })

  it('allows a path its own limit and message', async () => {
    const size = String(LIMITS.http.maxUploadBodyBytes)
    const ok = await limitRequestBody(
      post(UPLOAD_PATH, { body: 'x', headers: { 'content-length': size } }),
      async () => new Response('ok'),
    )
    expect(ok.status).toBe(200)
    const over = String(LIMITS.http.maxUploadBodyBytes + 1)
    const refused = await limitRequestBody(post(UPLOAD_PATH, { body: 'x', headers: { 'content-length': over } }), vi.fn())
    expect(refused.status).toBe(413)
    expect((await refused.json()).message).toBe('Dosya çok büyük: en fazla 5 MB yükleyebilirsiniz.')
  })

  it('leaves requests without a body alone', async () => {
    const request = new Request('http://127.0.0.1/', { headers: { 'content-length': String(MAX * 10) } })
    const next = vi.fn(async () => new Response('page'))
    expect((await limitRequestBody(request, next)).status).toBe(200)
    expect(next).toHaveBeenCalledWith(request)
  })
})

describe('limitRequestBody without a declared length (chunked)', () => {
  it('lets a small body through, whichever way the app reads it', async () => {
    const body = new Blob([JSON.stringify({ a: 1 })]).stream()
    const response = await limitRequestBody(post('/_serverFn/x', { body }), async (r) => Response.json(await r.json()))
    expect(await response.json()).toEqual({ a: 1 })
  })

  it('stops reading just past the limit and cancels the rest of the body', async () => {
    const { stream, state } = endlessBody()
    let readError: unknown
    const response = await limitRequestBody(post('/_serverFn/x', { body: stream }), async (r) => {
      readError = await r.arrayBuffer().catch((error: unknown) => error)
      return new Response('the app caught it', { status: 500 })
    })
    expect(readError).toMatchObject({ status: 413, code: 'payload_too_large' })
    expect(state.pulled).toBeLessThanOrEqual(MAX + 4 * CHUNK)
    expect(state.cancelled).toBe(true)
    // Whatever the app answered, the refusal wins, and the connection is not reused.
    expect(response.status).toBe(413)
    expect(response.headers.get('connection')).toBe('close')
    expect(await response.json()).toMatchObject({ code: 'payload_too_large' })
  })

  it("keeps the app's own 413 (a server function's serialized AppError)", async () => {
    const { stream } = endlessBody()
    const response = await limitRequestBody(post('/_serverFn/x', { body: stream }), async (r) => {
      await r.text().catch(() => {})
      return new Response('serialized', { status: 413 })
    })
    expect(await response.text()).toBe('serialized')
    expect(response.headers.get('connection')).toBe('close')
  })

  it('limits clones and the body stream itself too', async () => {
    const { stream } = endlessBody()
    await limitRequestBody(post('/_serverFn/x', { body: stream }), async (r) => {
      await expect(new Response(r.clone().body).text()).rejects.toMatchObject({ status: 413 })
      return new Response(null, { status: 413 })
    })
  })
})

describe('withBody', () => {
  it("keeps the request's fields and the server's (the client address), and reads the new body", async () => {
    const original = post('/x', { body: 'old', headers: { 'x-a': '1' } })
    Object.defineProperty(original, 'ip', { get: () => '203.0.113.7' })
    const copy = withBody(original, new Blob(['new']).stream())
    expect(copy.method).toBe('POST')
    expect(copy.headers.get('x-a')).toBe('1')
    expect((copy as Request & { ip?: string }).ip).toBe('203.0.113.7')
    expect(await new Request(copy).text()).toBe('new')
  })
})

describe('limitStream', () => {
  it('passes a body of exactly the limit', async () => {
    const exact = new Blob([new Uint8Array(100)]).stream()
    const bytes = await new Response(limitStream(exact, 100, () => new Error('over'))).arrayBuffer()
    expect(bytes.byteLength).toBe(100)
  })
})
