/**
 * A designer's banner as staff upload it: a 2200×720 photo-like PNG of about 4.3 MB, the same
 * bytes on every run. Soft light and colour over the width (sky to ground), detail at every scale
 * from large shapes down to single pixels, and some sensor noise: it compresses like a detailed
 * photograph (harder than a real photo scaled up to this size), so the sizes measured with it
 * are not flattered. Used by the derivative tests, the e2e test and `npm run bench`; plain
 * TypeScript that Node 24 runs as it is (bench/banner/banner.mjs imports it).
 */
import sharp from 'sharp'

export const PHOTO_BANNER_SIZE = { width: 2200, height: 720 } as const

/** Mulberry32: a small seeded generator, so the image is the same everywhere. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Value noise: a grid of random colours, `cells` across, smoothly interpolated; `amp` its strength. */
const OCTAVES: [cells: number, amp: number][] = [
  [4, 60],
  [12, 40],
  [36, 34],
  [110, 32],
  [330, 28],
  [1100, 20],
]
const SHAPES = 40
const NOISE = 4

export async function photoBannerPng(seed = 42): Promise<Buffer> {
  const { width, height } = PHOTO_BANNER_SIZE
  const rnd = random(seed)
  const octaves = OCTAVES.map(([cells, amp]) => {
    const gw = cells + 2
    const gh = Math.ceil((cells * height) / width) + 2
    return { cells, amp, gw, grid: Float32Array.from({ length: gw * gh * 3 }, () => rnd() * 2 - 1) }
  })
  const shapes = Array.from({ length: SHAPES }, () => ({
    x: rnd() * width,
    y: rnd() * height,
    w: 20 + rnd() * 260,
    h: 20 + rnd() * 300,
    tint: [rnd() * 80 - 40, rnd() * 80 - 40, rnd() * 80 - 40],
    round: rnd() < 0.5,
  }))
  const pixels = Buffer.alloc(width * height * 3)
  const rgb = [0, 0, 0]
  for (let y = 0; y < height; y++) {
    const t = y / height
    for (let x = 0; x < width; x++) {
      const s = x / width
      rgb[0] = 40 + 150 * (1 - t) + 40 * s
      rgb[1] = 90 + 120 * (1 - t) ** 2
      rgb[2] = 160 + 80 * (1 - t) - 60 * t
      for (const shape of shapes) {
        const inside = shape.round
          ? ((x - shape.x) / shape.w) ** 2 + ((y - shape.y) / shape.h) ** 2 < 0.25
          : x >= shape.x && x < shape.x + shape.w && y >= shape.y && y < shape.y + shape.h
        if (inside) for (let c = 0; c < 3; c++) rgb[c]! += shape.tint[c]!
      }
      for (const { cells, amp, gw, grid } of octaves) {
        const fx = s * cells
        const fy = (y / width) * cells
        const x0 = Math.floor(fx)
        const y0 = Math.floor(fy)
        const dx = fx - x0
        const dy = fy - y0
        for (let c = 0; c < 3; c++) {
          const at = (gx: number, gy: number) => grid[(gy * gw + gx) * 3 + c]!
          const v =
            at(x0, y0) * (1 - dx) * (1 - dy) +
            at(x0 + 1, y0) * dx * (1 - dy) +
            at(x0, y0 + 1) * (1 - dx) * dy +
            at(x0 + 1, y0 + 1) * dx * dy
          rgb[c]! += v * amp
        }
      }
      const noise = (rnd() + rnd() + rnd() - 1.5) * NOISE * 2
      const i = (y * width + x) * 3
      pixels[i] = Math.max(0, Math.min(255, rgb[0]! + noise))
      pixels[i + 1] = Math.max(0, Math.min(255, rgb[1]! + noise * 0.9))
      pixels[i + 2] = Math.max(0, Math.min(255, rgb[2]! + noise * 1.1))
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}
