import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { checkDimensions, inspectImage } from './inspect-image'

const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/images/${name}`))
const text = (s: string) => new TextEncoder().encode(s)

describe('inspectImage: real files made by Chromium', () => {
  it.each([
    ['banner.png', 'png', 1200, 400],
    ['tiny-8x8.png', 'png', 8, 8],
    ['photo.jpg', 'jpeg', 640, 360],
    ['simple-lossy.webp', 'webp', 1200, 400],
    ['simple-lossless.webp', 'webp', 40, 30],
    ['banner.webp', 'webp', 1200, 400],
    ['alpha.webp', 'webp', 64, 48],
  ])('%s is %s, %i×%i', (name, format, width, height) => {
    expect(inspectImage(fixture(name))).toEqual({ ok: true, format, width, height })
  })
})

describe('inspectImage: refuses what is not JPEG, PNG or WebP', () => {
  it.each([
    ['SVG', text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['bare SVG', text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['HTML', text('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>')],
    ['plain text', text('just some words, saved as banner.png')],
    ['GIF', text('GIF89a\x10\x00\x10\x00')],
    ['a RIFF that is not WebP (WAV)', text('RIFF\x24\x00\x00\x00WAVEfmt ')],
    ['empty file', new Uint8Array()],
  ])('%s', (_, bytes) => {
    expect(inspectImage(bytes)).toEqual({ ok: false, reason: 'unsupported' })
  })

  it('an HTML page that merely starts with a PNG signature is unreadable, not an image', () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...text('<html><script>')])
    expect(inspectImage(bytes)).toEqual({ ok: false, reason: 'unreadable', format: 'png' })
  })

  it.each([
    ['png', fixture('banner.png').subarray(0, 20)],
    ['jpeg', fixture('photo.jpg').subarray(0, 100)],
    ['webp', fixture('simple-lossy.webp').subarray(0, 24)],
  ])('a truncated %s is unreadable', (format, bytes) => {
    expect(inspectImage(bytes)).toEqual({ ok: false, reason: 'unreadable', format })
  })

  it('a JPEG whose scan starts before any frame header is unreadable', () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0])
    expect(inspectImage(bytes)).toMatchObject({ ok: false, reason: 'unreadable' })
  })
})

describe('inspectImage: JPEG marker walking', () => {
  it('skips fill bytes and application segments and reads a progressive frame (SOF2)', () => {
    const bytes = new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xe1,
      0x00,
      0x04,
      0xaa,
      0xbb, // APP1 with two bytes of payload
      0xff,
      0xff,
      0xc4,
      0x00,
      0x03,
      0x00, // fill byte, then DHT (not a frame)
      0xff,
      0xc2,
      0x00,
      0x11,
      0x08,
      0x02,
      0x58,
      0x03,
      0x20, // SOF2: 600 high, 800 wide
    ])
    expect(inspectImage(bytes)).toEqual({ ok: true, format: 'jpeg', width: 800, height: 600 })
  })
})

describe('checkDimensions', () => {
  const { minSide, maxSide, maxPixels } = LIMITS.upload

  it('accepts a usual banner and the exact limits', () => {
    expect(checkDimensions(1920, 640)).toBeNull()
    expect(checkDimensions(minSide, minSide)).toBeNull()
    expect(checkDimensions(maxSide, Math.floor(maxPixels / maxSide))).toBeNull()
  })

  it('refuses a side under the minimum', () => {
    expect(checkDimensions(minSide - 1, 500)).toBe('too_small')
    expect(checkDimensions(500, 1)).toBe('too_small')
  })

  it('refuses a side over the maximum, and too many pixels in total', () => {
    expect(checkDimensions(maxSide + 1, 100)).toBe('too_large')
    expect(checkDimensions(100, maxSide + 1)).toBe('too_large')
    expect(checkDimensions(maxSide, maxSide)).toBe('too_large')
  })
})
