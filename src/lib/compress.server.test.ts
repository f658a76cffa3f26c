import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressResponse, compression } from './compress.server'

const big = '<p>merhaba dünya</p>'.repeat(200)
const get = (encoding: string | null, method = 'GET') =>
  new Request('http://x/admin/messages', { method, headers: encoding ? { 'accept-encoding': encoding } : {} })
const page = (body: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })

describe('compressResponse', () => {
  it('gzips a page rendered for the request, keeping status and cookies', async () => {
    const response = page(big, { 'set-cookie': 'a=1' }, 404)
    response.headers.append('set-cookie', 'b=2')
    const out = compressResponse(get('gzip, deflate'), response)
    expect(out.status).toBe(404)
    expect(out.headers.get('content-encoding')).toBe('gzip')
    expect(out.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(out.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    const bytes = Buffer.from(await out.arrayBuffer())
    expect(bytes.length).toBeLessThan(big.length / 5)
    expect(gunzipSync(bytes).toString()).toBe(big)
  })

  it('gzips JSON from server functions', () => {
    const out = compressResponse(
      get('gzip'),
      new Response(JSON.stringify({ big }), { headers: { 'content-type': 'application/json' } }),
    )
    expect(out.headers.get('content-encoding')).toBe('gzip')
  })

  it.each([
    ['a client that does not accept gzip', get(null), page(big)],
    ['a client that refuses gzip', get('gzip;q=0, br'), page(big)],
    ['a HEAD request', get('gzip', 'HEAD'), page('')],
    ['server-sent events', get('gzip'), new Response(big, { headers: { 'content-type': 'text/event-stream' } })],
    ['a body already encoded', get('gzip'), page(big, { 'content-encoding': 'br' })],
    ['a small body', get('gzip'), page('<p>ok</p>', { 'content-length': '9' })],
    ['an image', get('gzip'), new Response(big, { headers: { 'content-type': 'image/png' } })],
    ['no content', get('gzip'), new Response(null, { status: 204 })],
  ])('leaves alone %s', (_, request, response) => {
    expect(compressResponse(request, response)).toBe(response)
  })
})

describe('compression', () => {
  it('compresses what the rest of the pipeline answered', async () => {
    const out = await compression(get('gzip'), async () => page(big))
    expect(out.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await out.arrayBuffer())).toString()).toBe(big)
  })
})
