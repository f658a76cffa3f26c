// Cuts the Turkish letters that Inter's latin file lacks (Ğ ğ İ Ş ş) out of @fontsource-variable's
// latin-ext file, weight axis kept, into src/assets/fonts/inter-turkish-wght.woff2 (a few KB),
// so a Turkish page does not download the whole 85 KB latin-ext file for five letters.
// Run after updating @fontsource-variable/inter: npx node scripts/subset-font.mjs
import { readFileSync, writeFileSync } from 'node:fs'
import subsetFont from 'subset-font'
import { TURKISH_EXTRA_LETTERS } from '../src/lib/font-ranges.mjs'

const source = readFileSync('node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2')
const subset = await subsetFont(source, TURKISH_EXTRA_LETTERS, { targetFormat: 'woff2' })
const out = 'src/assets/fonts/inter-turkish-wght.woff2'
writeFileSync(out, subset)
console.log(`${out}: ${subset.length} bytes (${[...TURKISH_EXTRA_LETTERS].join(' ')})`)
