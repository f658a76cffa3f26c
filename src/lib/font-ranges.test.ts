import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SUBSET_WEIGHTS, parseUnicodeRange, siteCopyCodePoints } from './font-ranges.mjs'

const FONTS = 'src/assets/fonts'
const css = readFileSync(`${FONTS}/inter-faces.css`, 'utf8')

/** The generated faces: which file each names, and the code points its unicode-range claims. */
const faces = css
  .split('@font-face')
  .slice(1)
  .map((block) => ({
    src: block.match(/src: url\("([^"]+)"\)/)?.[1] ?? '',
    points: parseUnicodeRange(block.match(/unicode-range:([^;]+);/)?.[1] ?? ''),
  }))
const small = faces.filter((face) => face.src.startsWith('./'))
const copy = siteCopyCodePoints()
const show = (points: Iterable<number>) => [...points].map((cp) => String.fromCodePoint(cp)).join(' ')
const REGENERATE = 'the copy changed: run `npx node scripts/subset-font.mjs` and commit what it writes'

describe('the fonts a page loads (src/assets/fonts/inter-faces.css)', () => {
  it('hold every character of the copy in the two small files, as generated from the current copy', () => {
    expect(small.map((face) => face.src).sort()).toEqual(['./inter-copy-wght.woff2', './inter-turkish-wght.woff2'])
    for (const face of small) expect(existsSync(join(FONTS, face.src))).toBe(true)
    const inSmall = new Set(small.flatMap((face) => [...face.points]))
    expect(show(copy.filter((cp) => !inSmall.has(cp))), REGENERATE).toBe('')
    expect(show([...inSmall].filter((cp) => !copy.includes(cp))), REGENERATE).toBe('')
  })

  it('give each character to one face only (a character two faces claim makes the browser fetch both)', () => {
    const seen = new Map<number, string>()
    const shared: string[] = []
    for (const face of faces) {
      for (const cp of face.points) {
        if (seen.has(cp)) shared.push(`${String.fromCodePoint(cp)} (${seen.get(cp)}, ${face.src})`)
        seen.set(cp, face.src)
      }
    }
    expect(shared).toEqual([])
    // The space is on every page: the full files must never be fetched for it.
    expect(small.some((face) => face.points.has(0x20) && face.points.has(0xa0))).toBe(true)
  })

  it('are used only at the weights the small files keep', () => {
    const weights: Record<string, number> = {
      thin: 100,
      extralight: 200,
      light: 300,
      normal: 400,
      medium: 500,
      semibold: 600,
      bold: 700,
      extrabold: 800,
      black: 900,
    }
    const used = new Set<string>()
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name)
        if (statSync(path).isDirectory()) {
          if (path !== 'src/paraglide') walk(path)
        } else if (/\.(tsx?|css)$/.test(name)) {
          for (const m of readFileSync(path, 'utf8').matchAll(
            /\bfont-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)\b/g,
          ))
            used.add(m[1] ?? '')
        }
      }
    }
    walk('src')
    const outside = [...used].filter((w) => (weights[w] ?? 0) < SUBSET_WEIGHTS.min || (weights[w] ?? 0) > SUBSET_WEIGHTS.max)
    expect(outside).toEqual([])
    expect(used.size).toBeGreaterThan(0)
  })
})
