import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SITE } from './site-config'
import { TURKISH_EXTRA_LETTERS } from './font-ranges.mjs'

const css = readFileSync('src/styles.css', 'utf8')

/** The code points an @font-face whose src mentions `file` covers (its unicode-range). */
function rangeOf(file: string): (codePoint: number) => boolean {
  const face = css.split('@font-face').find((block) => block.includes(file))
  const ranges = face?.match(/unicode-range:([^;]+);/)?.[1]
  if (!ranges) throw new Error(`no @font-face with a unicode-range for ${file} in styles.css`)
  const spans = ranges.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/, '').split('-')
    return [Number.parseInt(from ?? '', 16), Number.parseInt(to ?? '', 16)] as const
  })
  return (cp) => spans.some(([from, to]) => cp >= from && cp <= to)
}

const latin = rangeOf('inter-latin-wght-normal.woff2')
const turkish = rangeOf('inter-turkish-wght.woff2')
const latinExt = rangeOf('inter-latin-ext-wght-normal.woff2')

describe('the fonts a page loads', () => {
  it('cover every character of the copy in both languages, also upper-cased, without the latin-ext file', () => {
    const messages = ['messages/tr.json', 'messages/en.json'].map((file) => readFileSync(file, 'utf8'))
    const copy = messages.join('') + JSON.stringify(SITE)
    // CSS `uppercase` on Turkish text turns i into İ and ğ into Ğ.
    const text = copy + copy.toLocaleUpperCase('tr') + copy.toLocaleUpperCase('en')
    const chars = [...new Set(text)].filter((c) => !/\s/.test(c))
    const cp = (c: string) => c.codePointAt(0) ?? 0
    expect(chars.filter((c) => !latin(cp(c)) && !turkish(cp(c)))).toEqual([])
    // A character two faces claim makes the browser fetch both while the first is on its way.
    expect(chars.filter((c) => latinExt(cp(c)))).toEqual([])
  })

  it('take exactly the subset letters from the Turkish cut, which exists', () => {
    const letters = [...TURKISH_EXTRA_LETTERS].map((c) => c.codePointAt(0) ?? 0)
    for (const cp of letters) expect(turkish(cp)).toBe(true)
    for (let cp = 0x100; cp < 0x180; cp++) {
      expect(turkish(cp)).toBe(letters.includes(cp))
      // Only one face may claim them, or the browser fetches both.
      if (letters.includes(cp)) expect(latinExt(cp)).toBe(false)
    }
    expect(existsSync('src/assets/fonts/inter-turkish-wght.woff2')).toBe(true)
  })
})
