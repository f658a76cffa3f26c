import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { SaveBannersSchema } from './save-banners.schemas'

const VARIANTS = { width: 2200, height: 720, widths: [640, 1280, 2200] }
const images = (imageUrl: string, more: Record<string, unknown> = {}) => ({ imageUrl, ...more })

describe('SaveBannersSchema', () => {
  it('needs both banners', () => {
    expect(v.safeParse(SaveBannersSchema, { 'tr-banner': images('/uploads/hero-tr.png') }).success).toBe(false)
    expect(v.parse(SaveBannersSchema, { 'tr-banner': images('/uploads/x.png'), 'en-banner': images('') })).toEqual({
      'tr-banner': { imageUrl: '/uploads/x.png', imageVariants: null, mobileImageUrl: null, mobileImageVariants: null },
      'en-banner': { imageUrl: null, imageVariants: null, mobileImageUrl: null, mobileImageVariants: null },
    })
  })

  it('drops unknown keys', () => {
    const parsed = v.parse(SaveBannersSchema, {
      'tr-banner': images('', { secret: 1 }),
      'en-banner': images(''),
      'de-banner': images('https://x.y/z.png'),
    })
    expect(Object.keys(parsed)).toEqual(['tr-banner', 'en-banner'])
    expect(Object.keys(parsed['tr-banner'])).toEqual(['imageUrl', 'imageVariants', 'mobileImageUrl', 'mobileImageVariants'])
  })

  it('refuses a bare URL: each banner is its images', () => {
    expect(v.safeParse(SaveBannersSchema, { 'tr-banner': '/uploads/x.png', 'en-banner': '' }).success).toBe(false)
  })

  it('carries a mobile image and the copies an upload made of each image', () => {
    const parsed = v.parse(SaveBannersSchema, {
      'tr-banner': images('/uploads/hero-tr-banner-1.png', {
        imageVariants: { ...VARIANTS, extra: true },
        mobileImageUrl: ' /uploads/hero-tr-banner-mobile-2.png ',
        mobileImageVariants: { width: 1170, height: 660, widths: [640, 1170] },
      }),
      'en-banner': images('https://cdn.example.com/typed.png'),
    })
    expect(parsed['tr-banner']).toEqual({
      imageUrl: '/uploads/hero-tr-banner-1.png',
      imageVariants: VARIANTS,
      mobileImageUrl: '/uploads/hero-tr-banner-mobile-2.png',
      mobileImageVariants: { width: 1170, height: 660, widths: [640, 1170] },
    })
  })

  it('drops copies without their image, and refuses a malformed description or mobile URL', () => {
    const parsed = v.parse(SaveBannersSchema, {
      'tr-banner': images('', { imageVariants: VARIANTS, mobileImageUrl: '', mobileImageVariants: VARIANTS }),
      'en-banner': images(''),
    })
    expect(parsed['tr-banner']).toEqual({ imageUrl: null, imageVariants: null, mobileImageUrl: null, mobileImageVariants: null })
    for (const bad of [
      { imageVariants: { width: 1, height: 1, widths: [2] } },
      { imageVariants: 'big' },
      { mobileImageUrl: 'javascript:alert(1)' },
      { mobileImageUrl: 42 },
    ]) {
      const result = v.safeParse(SaveBannersSchema, { 'tr-banner': images('/uploads/a.png', bad), 'en-banner': images('') })
      expect(result.success, JSON.stringify(bad)).toBe(false)
    }
  })
})
