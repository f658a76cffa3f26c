/**
 * A reverse proxy as nginx with `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;`
 * behaves: it passes the request on unchanged (Host included) and appends the address it received
 * the connection from to X-Forwarded-For. Clients reach it from real, different loopback
 * addresses (`localAddress`), so the app sees what a deployment behind one proxy sees.
 */
import { type IncomingHttpHeaders, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ForwardingProxy {
  port: number
  stop: () => Promise<void>
}

export async function startForwardingProxy(target: string): Promise<ForwardingProxy> {
  const server = createServer((incoming, outgoing) => {
    const prior = incoming.headers['x-forwarded-for']
    const peer = incoming.socket.remoteAddress ?? ''
    const headers = { ...incoming.headers, 'x-forwarded-for': prior ? `${prior}, ${peer}` : peer }
    const upstream = request(new URL(incoming.url ?? '/', target), { method: incoming.method, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    })
    upstream.on('error', () => outgoing.writeHead(502).end())
    incoming.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/**
 * An HTTP request with headers fetch() will not send (Host, repeated lines), optionally from a
 * given local address.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string | string[]>; body?: string; localAddress?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.localAddress },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}
