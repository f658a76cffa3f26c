// The hero banners (1600×520), their mobile versions (390×220 at three device pixels: 1170×660,
// the text large enough to read on a phone) and the Open Graph cards (1200×630): HTML/SVG designs
// rendered to PNG with headless Chromium, palette-quantised with sharp, and given the AVIF and
// WebP copies an upload gets, by the upload's own code (docs/decisions/040-banners.md).
// Usage: npx tsx scripts/art/hero.mjs
// Writes public/uploads/hero-{tr,en}{,-mobile}.png with their copies hero-…-{width}w.{avif,webp},
// and public/og-image-{tr,en}.png.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import { bannerVariantUrl } from '../../src/domain/banners.ts'
import { makeBannerVariants } from '../../src/features/banners/make-banner-variants.server.ts'
const FONT = resolve('node_modules/@fontsource-variable/inter/files')
const fonts = `
@font-face{font-family:Inter;font-weight:100 900;src:url(file://${FONT}/inter-latin-wght-normal.woff2) format('woff2');unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}
@font-face{font-family:Inter;font-weight:100 900;src:url(file://${FONT}/inter-latin-ext-wght-normal.woff2) format('woff2');unicode-range:U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF}
*{margin:0;box-sizing:border-box}body{font-family:Inter,sans-serif;-webkit-font-smoothing:antialiased}`

const COPY = {
  tr: {
    eyebrow: 'Dijital Dönüşüm Danışmanlığı',
    line1: 'Yapay Zekâ Destekli',
    line2: 'Dijital Dönüşüm',
    sub: 'İş hedeflerinizden başlayan strateji, tarafsız platform seçimi ve canlıya geçişe kadar uçtan uca gözetim.',
    pillars: ['Strateji', 'Platform Seçimi', 'Uygulama Gözetimi'],
  },
  en: {
    eyebrow: 'Digital Transformation Consulting',
    line1: 'AI-Powered',
    line2: 'Digital Transformation',
    sub: 'Strategy that starts from your business goals, objective platform selection and end-to-end oversight through go-live.',
    pillars: ['Strategy', 'Platform Selection', 'Implementation Oversight'],
  },
}

/** The compass-and-network artwork, drawn in a w×h box. */
function artwork(w, h) {
  const cx = w / 2,
    cy = h / 2,
    R = Math.min(w, h) * 0.36
  const nodes = [
    [0.12, 0.22],
    [0.2, 0.78],
    [0.86, 0.16],
    [0.9, 0.7],
    [0.5, 0.08],
    [0.55, 0.93],
    [0.05, 0.5],
    [0.96, 0.44],
  ]
  let s = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">
  <defs><radialGradient id="gl" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#2dd4bf" stop-opacity=".35"/><stop offset="1" stop-color="#2dd4bf" stop-opacity="0"/></radialGradient>
  <linearGradient id="nd" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5eead4"/><stop offset="1" stop-color="#14b8a6"/></linearGradient></defs>
  <circle cx="${cx}" cy="${cy}" r="${R * 1.5}" fill="url(#gl)"/>`
  for (const [x, y] of nodes)
    s += `<line x1="${cx}" y1="${cy}" x2="${x * w}" y2="${y * h}" stroke="#93c5fd" stroke-opacity=".22" stroke-width="2"/>`
  for (let i = 0; i < nodes.length; i++) {
    const [x1, y1] = nodes[i],
      [x2, y2] = nodes[(i + 3) % nodes.length]
    s += `<line x1="${x1 * w}" y1="${y1 * h}" x2="${x2 * w}" y2="${y2 * h}" stroke="#93c5fd" stroke-opacity=".10" stroke-width="1.5"/>`
  }
  for (const [x, y] of nodes) s += `<circle cx="${x * w}" cy="${y * h}" r="7" fill="#0f1f4d" stroke="#5eead4" stroke-width="3"/>`
  for (const k of [1, 0.74, 0.48])
    s += `<circle cx="${cx}" cy="${cy}" r="${R * k}" fill="none" stroke="#fff" stroke-opacity="${k === 1 ? 0.35 : 0.16}" stroke-width="${k === 1 ? 3 : 2}"/>`
  for (let a = 0; a < 360; a += 15) {
    const long = a % 90 === 0,
      r1 = R * (long ? 0.86 : 0.92),
      rad = (a * Math.PI) / 180
    s += `<line x1="${cx + r1 * Math.sin(rad)}" y1="${cy - r1 * Math.cos(rad)}" x2="${cx + R * 0.98 * Math.sin(rad)}" y2="${cy - R * 0.98 * Math.cos(rad)}" stroke="#fff" stroke-opacity="${long ? 0.8 : 0.35}" stroke-width="${long ? 4 : 2}" stroke-linecap="round"/>`
  }
  const n = R * 0.78,
    wd = R * 0.2
  s += `<g transform="rotate(28 ${cx} ${cy})"><path d="M${cx} ${cy - n} L${cx + wd} ${cy} L${cx - wd} ${cy} Z" fill="url(#nd)"/><path d="M${cx} ${cy + n} L${cx - wd} ${cy} L${cx + wd} ${cy} Z" fill="#fff" fill-opacity=".92"/></g>`
  s += `<circle cx="${cx}" cy="${cy}" r="${R * 0.09}" fill="#0f1f4d" stroke="#fff" stroke-width="4"/></svg>`
  return s
}

function hero(locale) {
  const c = COPY[locale]
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><style>${fonts}
  body{width:1600px;height:520px;background:#fff;position:relative;overflow:hidden}
  .text{position:absolute;left:88px;top:0;bottom:0;width:860px;display:flex;flex-direction:column;justify-content:center}
  .eyebrow{display:inline-flex;align-self:flex-start;align-items:center;gap:12px;padding:10px 20px;border-radius:999px;background:#eef5ff;color:#1e40af;font-size:19px;font-weight:600;letter-spacing:.08em;text-transform:uppercase}
  .eyebrow i{width:10px;height:10px;border-radius:50%;background:#14b8a6;display:block}
  h1{margin-top:26px;font-size:${locale === 'tr' ? 78 : 76}px;line-height:1.04;font-weight:800;letter-spacing:-.025em;color:#0f1f4d}
  h1 span{display:block;background:linear-gradient(90deg,#1d4ed8,#0d9488);-webkit-background-clip:text;background-clip:text;color:transparent;padding-bottom:6px}
  p{margin-top:22px;font-size:25px;line-height:1.45;color:#475569;max-width:780px}
  ul{margin-top:28px;padding:0;display:flex;gap:34px;list-style:none;font-size:20px;font-weight:600;color:#0f1f4d}
  li{display:flex;align-items:center;gap:10px}li b{width:26px;height:26px;border-radius:50%;background:#ccfbf1;display:grid;place-items:center}
  li b:after{content:'';width:9px;height:9px;border-radius:50%;background:#0d9488}
  .panel{position:absolute;right:64px;top:44px;width:560px;height:432px;border-radius:32px;background:linear-gradient(140deg,#0f1f4d 0%,#1a3378 60%,#1e40af 100%);overflow:hidden;box-shadow:0 30px 60px -30px rgba(15,31,77,.45)}
  .panel svg{position:absolute;inset:0}
  .dots{position:absolute;left:0;top:0;width:1600px;height:520px;background-image:radial-gradient(#cbd5e1 1.3px,transparent 1.3px);background-size:26px 26px;-webkit-mask-image:radial-gradient(ellipse 420px 260px at 960px 300px,#000 20%,transparent 75%);opacity:.7}
  </style></head><body><div class="dots"></div>
  <div class="text"><span class="eyebrow"><i></i>${c.eyebrow}</span><h1>${c.line1}<span>${c.line2}</span></h1><p>${c.sub}</p>
  <ul>${c.pillars.map((p) => `<li><b></b>${p}</li>`).join('')}</ul></div>
  <div class="panel">${artwork(560, 432)}</div></body></html>`
}

/**
 * The phone's hero, 390×220 CSS pixels: the headline and the three pillars beside a small compass
 * card, the eyebrow above both so it fits on one line in either language.
 */
function mobileHero(locale) {
  const c = COPY[locale]
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><style>${fonts}
  body{width:390px;height:220px;background:#fff;position:relative;overflow:hidden}
  .dots{position:absolute;inset:0;background-image:radial-gradient(#cbd5e1 .8px,transparent .8px);background-size:12px 12px;-webkit-mask-image:radial-gradient(ellipse 160px 110px at 250px 130px,#000 15%,transparent 75%);opacity:.7}
  .eyebrow{position:absolute;left:18px;top:14px;display:inline-flex;align-items:center;gap:6px;padding:5px 10px;border-radius:999px;background:#eef5ff;color:#1e40af;font-size:10px;font-weight:700;letter-spacing:.05em;text-transform:uppercase;white-space:nowrap}
  .eyebrow i{width:6px;height:6px;border-radius:50%;background:#14b8a6;display:block}
  .text{position:absolute;left:18px;top:46px;bottom:10px;width:240px;display:flex;flex-direction:column;justify-content:center}
  h1{font-size:${locale === 'tr' ? 27 : 26}px;line-height:1.08;font-weight:800;letter-spacing:-.02em;color:#0f1f4d}
  h1 span{display:block;background:linear-gradient(90deg,#1d4ed8,#0d9488);-webkit-background-clip:text;background-clip:text;color:transparent;padding-bottom:3px}
  p{margin-top:8px;font-size:12px;line-height:1.35;font-weight:600;color:#334155}
  .panel{position:absolute;right:14px;top:50px;width:112px;height:156px;border-radius:18px;background:linear-gradient(140deg,#0f1f4d 0%,#1a3378 60%,#1e40af 100%);overflow:hidden;box-shadow:0 14px 28px -16px rgba(15,31,77,.5)}
  .panel svg{position:absolute;left:0;top:0;transform:scale(.5);transform-origin:0 0}
  </style></head><body><div class="dots"></div><span class="eyebrow"><i></i>${c.eyebrow}</span>
  <div class="text"><h1>${c.line1}<span>${c.line2}</span></h1><p>${c.pillars.join(' · ')}</p></div>
  <div class="panel">${artwork(224, 312)}</div></body></html>`
}

function og(locale) {
  const c = COPY[locale]
  const logo = readFileSync('public/logo.svg', 'utf8')
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><style>${fonts}
  body{width:1200px;height:630px;background:linear-gradient(135deg,#0b1738 0%,#0f1f4d 45%,#1e3a8a 100%);position:relative;overflow:hidden;color:#fff}
  .brand{position:absolute;left:72px;top:64px;display:flex;align-items:center;gap:18px;font-size:34px;font-weight:700;letter-spacing:-.01em}
  .brand svg{width:64px;height:64px;border-radius:14px;box-shadow:0 0 0 2px rgba(255,255,255,.15)} .brand em{font-style:normal;color:#5eead4}
  h1{position:absolute;left:72px;top:200px;width:640px;font-size:68px;line-height:1.06;font-weight:800;letter-spacing:-.025em}
  h1 span{display:block;color:#5eead4}
  p{position:absolute;left:72px;bottom:70px;width:620px;font-size:25px;line-height:1.45;color:#cbd5e1}
  .art{position:absolute;right:30px;top:95px}
  </style></head><body><div class="brand">${logo}<span>Pusula <em>Dijital</em></span></div>
  <h1>${c.line1}<span>${c.line2}</span></h1><p>${c.eyebrow} · ${c.pillars.join(' · ')}</p>
  <div class="art">${artwork(460, 440)}</div></body></html>`
}

const work = mkdtempSync(join(tmpdir(), 'pusula-art-'))
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
})

async function render(html, width, height, deviceScaleFactor = 1) {
  const file = join(work, `${width}x${height}.html`)
  writeFileSync(file, html)
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor })
  await page.goto(`file://${file}`)
  await page.evaluate(() => document.fonts.ready)
  const png = await page.screenshot()
  await page.close()
  return png
}

const palette = (png, out) => sharp(png).png({ palette: true, effort: 10, dither: 0.6, compressionLevel: 9 }).toFile(out)

/** The banner as an upload would be stored: the image, and its copies made from the full render. */
async function banner(png, name) {
  await palette(png, `public/uploads/${name}.png`)
  const { files } = await makeBannerVariants(png)
  for (const f of files) writeFileSync(`public${bannerVariantUrl(`/uploads/${name}.png`, f.width, f.format)}`, f.bytes)
}

for (const l of ['tr', 'en']) {
  await banner(await render(hero(l), 1600, 520), `hero-${l}`)
  await banner(await render(mobileHero(l), 390, 220, 3), `hero-${l}-mobile`)
  await palette(await render(og(l), 1200, 630), `public/og-image-${l}.png`)
}
await browser.close()
console.log('wrote the hero banners and Open Graph cards')
