import { describe, expect, it } from 'vitest'
import {
  TINY_DATA_IMAGE_MAX_BYTES,
  dataImageBytes,
  isTinyDataImage,
  isUsableOverride,
  parseIndustryImages,
} from './industry-images'

const ONE_PIXEL_GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'
const ONE_PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"
/** A base64 payload that decodes to just over the limit. */
const REAL_IMAGE = `data:image/webp;base64,${'A'.repeat(Math.ceil(((TINY_DATA_IMAGE_MAX_BYTES + 1) * 4) / 3) + 4)}`

describe('tiny placeholder data images', () => {
  it('measures the decoded payload of base64 and URL-encoded data URLs', () => {
    expect(dataImageBytes(ONE_PIXEL_GIF)).toBe(42)
    expect(dataImageBytes('data:image/svg+xml,%3Csvg%2F%3E')).toBe(6)
    expect(dataImageBytes('data:text/plain;base64,AAAA')).toBeNull()
    expect(dataImageBytes('https://example.com/a.png')).toBeNull()
  })

  it('treats 1×1 GIF/PNG and empty SVG as tiny, a real picture as not', () => {
    expect(isTinyDataImage(ONE_PIXEL_GIF)).toBe(true)
    expect(isTinyDataImage(ONE_PIXEL_PNG)).toBe(true)
    expect(isTinyDataImage(EMPTY_SVG)).toBe(true)
    expect(isTinyDataImage(REAL_IMAGE)).toBe(false)
  })
})

describe('industry image overrides', () => {
  it('accepts web addresses, site paths and real data images', () => {
    expect(isUsableOverride('https://cdn.example.com/retail.webp')).toBe(true)
    expect(isUsableOverride('/uploads/retail.png')).toBe(true)
    expect(isUsableOverride(REAL_IMAGE)).toBe(true)
  })

  it('rejects empty values, placeholders and unsafe schemes', () => {
    for (const value of [
      '',
      '   ',
      ONE_PIXEL_GIF,
      EMPTY_SVG,
      'javascript:alert(1)',
      '//evil.example/x.png',
      'blob:x',
      42,
      null,
    ]) {
      expect(isUsableOverride(value), String(value)).toBe(false)
    }
  })

  it('keeps only usable values of known industries', () => {
    const raw = JSON.stringify({
      retail: ' https://cdn.example.com/retail.webp ',
      finance: '',
      logistics: ONE_PIXEL_PNG,
      unknown: 'https://cdn.example.com/x.png',
    })
    expect(parseIndustryImages(raw)).toEqual({ retail: 'https://cdn.example.com/retail.webp' })
  })

  it('ignores a malformed stored map', () => {
    expect(parseIndustryImages('not json')).toEqual({})
    expect(parseIndustryImages('["a"]')).toEqual({})
    expect(parseIndustryImages(null)).toEqual({})
  })
})
