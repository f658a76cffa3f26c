// The landing bench's yardstick: a bare Node HTTP server sending fixed bytes from memory, in a
// process of its own (so it does not share a core with the load generator).
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [port, pagesFile] = process.argv.slice(2)
const pages = new Map(
  Object.entries(JSON.parse(readFileSync(pagesFile, 'utf8'))).map(([path, variants]) => [
    path,
    Object.fromEntries(
      Object.entries(variants).map(([name, { body, encoding }]) => [name, { body: Buffer.from(body, 'base64'), encoding }]),
    ),
  ]),
)

createServer((request, response) => {
  const variants = pages.get(request.url ?? '')
  if (!variants) {
    response.writeHead(404).end()
    return
  }
  const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') && variants.gzip?.encoding === 'gzip'
  const { body, encoding } = gzip ? variants.gzip : variants.identity
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': body.length,
    ...(encoding ? { 'content-encoding': encoding } : {}),
  })
  response.end(request.method === 'HEAD' ? undefined : body)
}).listen(Number(port), '127.0.0.1', () => process.send?.('listening'))
