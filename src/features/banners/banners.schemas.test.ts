import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { BannerImageUrlSchema, isAllowedImageUrl } from './banners.schemas'

describe('isAllowedImageUrl', () => {
  it.each([
    'https://cdn.example.com/hero.png',
    'http://127.0.0.1:3000/uploads/hero-tr-banner-1.png',
    'https://example.supabase.co/storage/v1/object/public/industry-images/hero-en-banner-17.webp',
    'https://example.com/a%20b.jpg?w=1200#x',
    '/uploads/hero-tr.png',
    '/uploads/hero-en-banner-1763721234567.webp',
    '',
  ])('accepts %j', (url) => {
    expect(isAllowedImageUrl(url)).toBe(true)
  })

  it.each([
    ['javascript:alert(1)'],
    ['data:image/svg+xml;base64,PHN2Zz4='],
    ['ftp://example.com/hero.png'],
    ['file:///etc/passwd'],
    ['//evil.example/hero.png'],
    ['hero.png'],
    ['/images/hero.png'],
    ['/uploads/'],
    ['/uploads/../secret'],
    ['/uploads/.hidden.png'],
    ['/uploads/a/b.png'],
    ['/uploads/a%2Fb.png'],
    ['https://user:pass@example.com/hero.png'],
    ['https://exa mple.com/hero.png'],
  ])('refuses %j', (url) => {
    expect(isAllowedImageUrl(url)).toBe(false)
  })
})

describe('BannerImageUrlSchema', () => {
  it('trims, and turns empty into null (the default image)', () => {
    expect(v.parse(BannerImageUrlSchema, '  https://example.com/a.png ')).toBe('https://example.com/a.png')
    expect(v.parse(BannerImageUrlSchema, '   ')).toBeNull()
  })

  it('explains a refused address in the caller’s language', () => {
    const result = v.safeParse(BannerImageUrlSchema, 'javascript:alert(1)')
    expect(result.success).toBe(false)
    expect(result.issues?.[0]?.message).toMatch(/http:\/\/ veya https:\/\//)
  })

  it(`refuses more than ${LIMITS.banner.urlMax} characters with its own message`, () => {
    const long = `https://example.com/${'a'.repeat(LIMITS.banner.urlMax)}.png`
    const result = v.safeParse(BannerImageUrlSchema, long)
    expect(result.issues?.[0]?.message).toContain(String(LIMITS.banner.urlMax))
    const exact = `https://example.com/${'a'.repeat(LIMITS.banner.urlMax - 'https://example.com/'.length)}`
    expect(v.safeParse(BannerImageUrlSchema, exact).success).toBe(true)
  })
})
