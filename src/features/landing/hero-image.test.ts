import { describe, expect, it } from 'vitest'
import { defaultHeroUrl, defaultHeroWebpSrcSet, heroUrl, withVersion } from './hero-image'

describe('hero image', () => {
  it('uses the stored URL, else the language default', () => {
    expect(heroUrl('tr', 'https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
    expect(heroUrl('en', null)).toBe('/uploads/hero-en.png')
    expect(heroUrl('tr', '   ')).toBe('/uploads/hero-tr.png')
    expect(defaultHeroUrl('tr')).toBe('/uploads/hero-tr.png')
    expect(defaultHeroWebpSrcSet('en')).toBe('/uploads/hero-en-800.webp 800w, /uploads/hero-en-1600.webp 1600w')
  })

  it('appends the version stamp as query parameter v', () => {
    expect(withVersion('/uploads/a.png', 17)).toBe('/uploads/a.png?v=17')
    expect(withVersion('/a.png?w=2', 'x y')).toBe('/a.png?w=2&v=x%20y')
    expect(withVersion('/a.png#top', 1)).toBe('/a.png?v=1#top')
  })
})
