import { readFileSync } from 'node:fs'
import { SITE } from './site-config.ts'

// Which characters the site's own text uses, and the unicode-ranges of the Inter faces that carry
// them (decision 010).

/** The weights the site uses (font-normal … font-bold); the small files keep only this span of Inter's axis. */
export const SUBSET_WEIGHTS = { min: 400, max: 700 }

/** Printable ASCII (with the space: a face that claims it is fetched for every page) and the
 * no-break space are always in the small file: e-mails, phone numbers, form input. */
const ALWAYS = `${Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('')}\u00a0`
/** Control characters (line breaks, tabs) are laid out, never drawn. */
const isControl = (cp) => cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)

/** The code points of `texts`, also as CSS `uppercase` shows them (by the rules of Turkish, i → İ,
 * and of English), plus printable ASCII and the no-break space; control characters left out.
 * Sorted. */
export function copyCodePoints(texts) {
  const copy = texts.join('')
  const shown = [copy, copy.toLocaleUpperCase('tr'), copy.toLocaleUpperCase('en'), ALWAYS].join('')
  const points = new Set()
  for (const c of shown) if (!isControl(c.codePointAt(0))) points.add(c.codePointAt(0))
  return [...points].sort((a, b) => a - b)
}

/** `U+0000-00FF, U+0131` → a set of code points. */
export function parseUnicodeRange(range) {
  const points = new Set()
  for (const part of range.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-')
    for (let cp = Number.parseInt(from, 16); cp <= Number.parseInt(to, 16); cp++) points.add(cp)
  }
  return points
}

/** A set of code points → the shortest `unicode-range` value that lists them. */
export function toUnicodeRange(points) {
  const sorted = [...points].sort((a, b) => a - b)
  const hex = (cp) => cp.toString(16).toUpperCase().padStart(4, '0')
  const spans = []
  for (let i = 0; i < sorted.length; ) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++
    spans.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`)
    i = j + 1
  }
  return spans.join(', ')
}

/** Every string inside a JSON value (message files, the site facts). */
function stringsOf(value) {
  if (typeof value === 'string') return [value]
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf)
  return []
}

/** The code points of the site's own text: both message files and the site facts (`copyCodePoints`). */
export function siteCopyCodePoints() {
  const messages = ['messages/tr.json', 'messages/en.json'].map((file) => JSON.parse(readFileSync(file, 'utf8')))
  return copyCodePoints([...messages.flatMap(stringsOf), ...stringsOf(SITE)])
}
