import { randomBytes } from 'node:crypto'
import { crc32, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createPageTemplate, fillPage, fillPageGzip } from './page-template.server'

const NONCE = 'noncexyz123'
const STAMP = 'stampabc456'
const page = (nonce: string, stamp: string) =>
  `<!doctype html><html lang="tr"><head><script nonce="${nonce}">a()</script></head><body>${'İstanbul’da dönüşüm '.repeat(400)}<input name="t" value="${stamp}"><script nonce="${nonce}">b()</script></body></html>`

describe('page templates', () => {
  const gaps = [
    { placeholder: NONCE, length: 24 },
    { placeholder: STAMP, length: 31 },
  ]
  const template = createPageTemplate(page(NONCE, STAMP), gaps)
  const nonce = 'Zm9vYmFyYmF6cXV4MTIzNA=='
  const stamp = 'mf1x2y3a.abcdefghijklmnopqrstuv'

  it('cuts the page at every placeholder, in order', () => {
    expect(template.slots).toEqual([NONCE, STAMP, NONCE])
    expect(template.segments).toHaveLength(4)
  })

  it('fills each gap with the value of its placeholder', () => {
    const filled = fillPage(template, { [NONCE]: 'N1', [STAMP]: 'S1' }).toString()
    expect(filled).toBe(page('N1', 'S1'))
  })

  it('gives the same page gzip-encoded, which any gzip reader reads back', () => {
    for (const [n, s] of [
      [nonce, stamp],
      ['other+nonce/value+12345=', '00000000.AAAAAAAAAAAAAAAAAAAAAA'],
    ] as const) {
      const gzipped = fillPageGzip(template, { [NONCE]: n, [STAMP]: s })
      expect(gunzipSync(gzipped).toString()).toBe(page(n, s))
    }
  })

  it('gives the CRC-32 any gzip reader checks for any values, without reading the page', () => {
    for (let i = 0; i < 50; i++) {
      const n = randomBytes(18).toString('base64')
      const s = `${randomBytes(4).toString('hex')}.${randomBytes(22).toString('base64url').slice(0, 22)}`
      const gzipped = fillPageGzip(template, { [NONCE]: n, [STAMP]: s })
      expect(gzipped.readUInt32LE(gzipped.length - 8)).toBe(crc32(page(n, s)))
      expect(gunzipSync(gzipped).toString()).toBe(page(n, s))
    }
  })

  it('compresses as well as compressing the whole page, though cut in four', () => {
    const gzipped = fillPageGzip(template, { [NONCE]: nonce, [STAMP]: stamp })
    const whole = gzipSync(page(nonce, stamp), { level: 9 })
    expect(gzipped.length).toBeLessThan(whole.length + 3 * 40)
  })

  it('compresses whole a page whose values have other lengths (a stamp before the key is loaded)', () => {
    const gzipped = fillPageGzip(template, { [NONCE]: nonce, [STAMP]: '' })
    expect(gunzipSync(gzipped).toString()).toBe(page(nonce, ''))
  })

  it('handles a page that starts or ends with a placeholder, or has none', () => {
    const edges = createPageTemplate(`${NONCE}middle${STAMP}`, [
      { placeholder: NONCE, length: 1 },
      { placeholder: STAMP, length: 1 },
    ])
    expect(gunzipSync(fillPageGzip(edges, { [NONCE]: 'a', [STAMP]: 'b' })).toString()).toBe('amiddleb')
    const plain = createPageTemplate('<p>no gaps</p>', gaps)
    expect(gunzipSync(fillPageGzip(plain, {})).toString()).toBe('<p>no gaps</p>')
    expect(fillPage(plain, {}).toString()).toBe('<p>no gaps</p>')
  })

  it('refuses a placeholder that a regular expression would read as more than text, or a gap longer than a stored block', () => {
    expect(() => createPageTemplate('x', [{ placeholder: 'a|b', length: 1 }])).toThrow(/letters and digits/)
    expect(() => createPageTemplate('x', [{ placeholder: 'ab', length: 0x10000 }])).toThrow(/belongs in the page/)
  })
})
