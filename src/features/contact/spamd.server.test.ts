/**
 * The SpamAssassin daemon check against a stand-in that speaks spamd's side of SPAMC/1.5 on a
 * local port. Not a real spamd: Debian's spamassassin package brings 125 packages (Perl and its
 * modules) and a rule update, too much for the suite; the protocol is small and fixed.
 */
import { createServer, type Server } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { askSpamd, outsideVerdict, readSpamdAnswer } from './spamd.server'

const QUESTION = {
  name: 'Mark "SEO"',
  email: 'mark@example.com',
  message: 'Hello there\nCheap links',
  ip: '203.0.113.9',
  userAgent: 'test',
}

let server: Server | null = null
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null))
  server = null
})

/** spamd's side: reads the request to its Content-length, then answers `answer` (or never, when null). */
async function fakeSpamd(answer: string | null, seen: string[] = []): Promise<{ host: string; port: number }> {
  server = createServer((socket) => {
    let request = Buffer.alloc(0)
    socket.on('data', (chunk) => {
      request = Buffer.concat([request, chunk])
      const text = request.toString('utf8')
      const split = text.indexOf('\r\n\r\n')
      const length = Number(/Content-length: (\d+)/i.exec(text)?.[1] ?? -1)
      if (split < 0 || request.length - Buffer.byteLength(text.slice(0, split + 4)) < length) return
      seen.push(text)
      if (answer !== null) socket.end(answer)
    })
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { host: '127.0.0.1', port: (server!.address() as AddressInfo).port }
}

describe('askSpamd', () => {
  it("passes on spamd's verdict, and sends the message as an e-mail from the sender", async () => {
    const seen: string[] = []
    const spamd = await fakeSpamd('SPAMD/1.1 0 EX_OK\r\nSpam: True ; 15.3 / 5.0\r\n\r\n', seen)
    expect(await askSpamd(spamd, QUESTION)).toBe('spam')
    expect(seen[0]).toMatch(/^CHECK SPAMC\/1\.5\r\nContent-length: \d+\r\n\r\n/)
    expect(seen[0]).toContain('From: "Mark  SEO " <mark@example.com>\r\n')
    expect(seen[0]).toContain('Received: from [203.0.113.9]')
    expect(seen[0]).toContain('\r\n\r\nHello there\r\nCheap links\r\n')
    const ham = await fakeSpamd('SPAMD/1.1 0 EX_OK\r\nSpam: False ; 0.4 / 5.0\r\n\r\n')
    expect(await askSpamd(ham, QUESTION)).toBe('ham')
  })

  it('says nothing when spamd answers an error or nonsense, refuses, or hangs past the limit', async () => {
    expect(await askSpamd(await fakeSpamd('SPAMD/1.0 76 Bad header line: CHECK\r\n'), QUESTION)).toBeNull()
    expect(await askSpamd(await fakeSpamd('HTTP/1.1 200 OK\r\n\r\nhello'), QUESTION)).toBeNull()
    const closed = await fakeSpamd(null)
    await new Promise((resolve) => server!.close(resolve))
    server = null
    expect(await askSpamd(closed, QUESTION)).toBeNull()
    const started = Date.now()
    expect(await askSpamd(await fakeSpamd(null), QUESTION, 200)).toBeNull()
    expect(Date.now() - started).toBeLessThan(1500)
  })

  it('reads only a verdict line from a successful answer', () => {
    expect(readSpamdAnswer('SPAMD/1.1 0 EX_OK\r\nContent-length: 0\r\nSpam: Yes ; 6.1 / 5.0\r\n\r\n')).toBe('spam')
    expect(readSpamdAnswer('SPAMD/1.1 0 EX_OK\r\n\r\n')).toBeNull()
    expect(readSpamdAnswer('')).toBeNull()
  })
})

describe('outsideVerdict', () => {
  it("any 'spam' wins, then any 'ham'; silence is null", async () => {
    expect(await outsideVerdict([async () => 'ham', async () => 'spam'])).toBe('spam')
    expect(await outsideVerdict([async () => null, async () => 'ham'])).toBe('ham')
    expect(await outsideVerdict([async () => null])).toBeNull()
  })
})
