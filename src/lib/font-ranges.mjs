// The letters of Turkish that are outside Inter's latin subset (which has ı, ç, ö, ü and â, î, û).
// Used by scripts/subset-font.mjs and checked against the copy by src/lib/font-ranges.test.ts;
// the matching unicode-range is in src/styles.css.
export const TURKISH_EXTRA_LETTERS = 'ĞğİŞş'
