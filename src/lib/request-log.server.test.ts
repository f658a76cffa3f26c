import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, log, prettyDestination } from './log.server'
import { createRequestLog, routeOf } from './request-log.server'

/** A logger writing into an array, one parsed object per line. */
function capture() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  const logger = createLogger({ format: 'json', level: 'info' }, stream)
  return { logger, lines }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('the request log', () => {
  it('writes one line per request: id, method, route, path without the query, status, duration, client address', async () => {
    const { logger, lines } = capture()
    const middleware = createRequestLog(
      () => ({ proxyHops: 1 }),
      () => logger,
    )
    const request = new Request('http://127.0.0.1:3000/admin/messages?q=ece%40example.com&status=new', {
      headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' },
    })
    const response = await middleware(request, async () => new Response('ok', { status: 200 }))
    const id = response.headers.get('x-request-id')
    expect(id).toMatch(UUID)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      reqId: id,
      method: 'GET',
      route: '/admin/messages',
      path: '/admin/messages',
      status: 200,
      // The entry the one trusted proxy wrote, not the one the client put before it.
      clientAddress: '198.51.100.7',
    })
    expect(typeof lines[0]?.durationMs).toBe('number')
    expect(new Date(String(lines[0]?.time)).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(JSON.stringify(lines)).not.toContain('example.com')
  })

  it("takes a trusted proxy's X-Request-Id, and makes its own without a proxy or for a malformed one", async () => {
    const answer = async (proxyHops: number, given: string) => {
      const middleware = createRequestLog(
        () => ({ proxyHops }),
        () => capture().logger,
      )
      const response = await middleware(new Request('http://x/', { headers: { 'x-request-id': given } }), async () =>
        Response.redirect('http://x/en', 302),
      )
      return response.headers.get('x-request-id')
    }
    expect(await answer(1, 'edge-7f3a9c')).toBe('edge-7f3a9c')
    expect(await answer(0, 'edge-7f3a9c')).toMatch(UUID)
    expect(await answer(1, 'forged level=error {"x":1}')).toMatch(UUID)
  })

  it('logs the lines written inside the request with its id, and an escaped error with its stack as a 500', async () => {
    const { logger, lines } = capture()
    const middleware = createRequestLog(
      () => ({ proxyHops: 0 }),
      () => logger,
    )
    const response = await middleware(new Request('http://x/api/banner-upload', { method: 'POST' }), async () => {
      logger.warn('inside')
      throw Object.assign(new Error('boom'), { detail: 'Key (email)=(ece@example.com) already exists.' })
    })
    expect(response.status).toBe(500)
    const id = response.headers.get('x-request-id')
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['inside', id],
      ['request failed', id],
      ['request', id],
    ])
    expect(lines[1]?.err).toMatchObject({
      type: 'Error',
      message: 'boom',
      stack: expect.stringContaining('request-log.server.test.ts'),
    })
    // A driver's detail can quote the row: the log keeps the error's kind, message, code and stack only.
    expect(JSON.stringify(lines)).not.toContain('ece@example.com')
  })

  it('logs health probes at debug while they succeed', async () => {
    const { logger, lines } = capture()
    const middleware = createRequestLog(
      () => ({ proxyHops: 0 }),
      () => logger,
    )
    await middleware(new Request('http://x/readyz'), async () => new Response('{}'))
    await middleware(new Request('http://x/readyz'), async () => new Response('{}', { status: 503 }))
    expect(lines.map((line) => line.status)).toEqual([503])
  })
})

describe('routeOf', () => {
  it('names routes from a bounded set', () => {
    expect(routeOf('/', 200)).toBe('/')
    expect(routeOf('/en', 200)).toBe('/en')
    expect(routeOf('/en/', 200)).toBe('/en')
    expect(routeOf('/admin/login', 200)).toBe('/admin/login')
    expect(routeOf('/api/banner-events', 200)).toBe('/api/banner-events')
    expect(routeOf('/_serverFn/3f9a0c', 200)).toBe('/_serverFn/3f9a0c')
    expect(routeOf('/_serverFn/<script>', 400)).toBe('/_serverFn/:id')
    expect(routeOf('/uploads/hero-tr-banner-1.webp', 200)).toBe('/uploads/:file')
    expect(routeOf('/wp-login.php', 404)).toBe('not_found')
    expect(routeOf('/some/redirected/path', 308)).toBe('other')
    expect(routeOf('/healthz', 200)).toBe('/healthz')
  })
})

it('the process logger is JSON at info unless the environment says otherwise', () => {
  expect(log().level).toBe('info')
})

it('writes a request on one line in the pretty format, and other lines with their request id', async () => {
  let text = ''
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk)
      done()
    },
  })
  const logger = createLogger({ format: 'pretty', level: 'info' }, prettyDestination(sink))
  const middleware = createRequestLog(
    () => ({ proxyHops: 0 }),
    () => logger,
  )
  const response = await middleware(new Request('http://x/en?q=ece%40example.com'), async () => {
    logger.warn('inside')
    return new Response('ok')
  })
  const id = response.headers.get('x-request-id')
  const lines = text.trim().split('\n')
  expect(lines).toHaveLength(2)
  expect(lines[0]).toMatch(new RegExp(`WARN: inside \\[${id}\\]$`))
  expect(lines[1]).toMatch(new RegExp(`INFO: GET /en 200 [\\d.]+ ms unknown \\[${id}\\]$`))
})
