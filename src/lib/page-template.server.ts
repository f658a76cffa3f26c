/** A kept page split where each response puts its own values (nonce, time stamp), compressed once,
 * so a response costs a copy rather than a render or a compression (decision 151). */
import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib'

export interface PageTemplate {
  /** The page's fixed parts, one more than `slots`. */
  readonly segments: readonly Buffer[]
  /** The placeholder each gap was cut at, in order. */
  readonly slots: readonly string[]
  /** Each segment deflated, ending byte-aligned and not final. */
  readonly deflated: readonly Buffer[]
  /** The value lengths `deflated` was made for (by placeholder). */
  readonly lengths: Readonly<Record<string, number>>
  /** Each segment's CRC-32, and the operator that shifts a CRC past it (for `crc32Combine`). */
  readonly segmentCrcs: readonly { crc: number; shift: number }[]
}

/** A gap's placeholder and the length its values have (a nonce's, a stamp's). */
export interface Gap {
  placeholder: string
  length: number
}

/** Member header: deflate, no name, no time, best compression, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x02, 0xff])
/** An empty final block with fixed codes: what zlib writes at Z_FINISH after a flush. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00])
/** A stored block holds at most this many bytes. */
const MAX_STORED = 0xffff
/** How far back deflate may reach. */
const WINDOW = 32 * 1024

/** Each segment is deflated with the page before it as dictionary, to refer back as one whole deflate would (decision 151). */
function deflateSegments(segments: readonly Buffer[], slots: readonly string[], lengths: Record<string, number>): Buffer[] {
  const before: Buffer[] = []
  return segments.map((segment, i) => {
    const dictionary = Buffer.concat(before).subarray(-WINDOW)
    before.push(segment, Buffer.alloc(lengths[slots[i] ?? ''] ?? 0))
    return deflateRawSync(segment, {
      level: constants.Z_BEST_COMPRESSION,
      finishFlush: constants.Z_SYNC_FLUSH,
      ...(dictionary.length > 0 ? { dictionary } : {}),
    })
  })
}

/** Cuts `html` at every occurrence of the gaps' placeholders (ASCII letters and digits only). */
export function createPageTemplate(html: string, gaps: readonly Gap[]): PageTemplate {
  for (const { placeholder } of gaps) {
    if (!/^[a-z0-9]+$/i.test(placeholder)) throw new Error(`A placeholder must be letters and digits: ${placeholder}`)
  }
  const lengths = Object.fromEntries(gaps.map((gap) => [gap.placeholder, gap.length]))
  const parts = html.split(new RegExp(`(${gaps.map((gap) => gap.placeholder).join('|')})`))
  const segments = parts.filter((_, i) => i % 2 === 0).map((part) => Buffer.from(part))
  const slots = parts.filter((_, i) => i % 2 === 1)
  const deflated = html.includes('\0')
    ? segments.map((s) => deflateSegments([s], [], {})[0] as Buffer)
    : deflateSegments(segments, slots, lengths)
  const segmentCrcs = segments.map((segment) => ({ crc: crc32(segment), shift: crc32Shift(segment.length) }))
  return { segments, slots, deflated, lengths, segmentCrcs }
}

// CRC-32 of a concatenation from its parts' CRCs (zlib's crc32_combine): a few operations per gap.
const POLY = 0xedb88320

/** a × b modulo the CRC polynomial (bit-reflected). */
function multModP(a: number, b: number): number {
  let m = 0x80000000
  let p = 0
  let x = b
  for (;;) {
    if (a & m) {
      p ^= x
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    x = x & 1 ? (x >>> 1) ^ POLY : x >>> 1
  }
  return p >>> 0
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N: number[] = [0x40000000]
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1] as number, X2N[k - 1] as number))

/** The operator x^(8·length) that moves a CRC past `length` bytes. */
export function crc32Shift(length: number): number {
  let p = 0x80000000
  let k = 3
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) p = multModP(X2N[k & 31] as number, p)
  }
  return p
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and `crc32Shift(B's length)`. */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0
}

function valueBuffers(template: PageTemplate, values: Readonly<Record<string, string>>): Buffer[] {
  return template.slots.map((slot) => {
    const value = values[slot]
    if (value === undefined) throw new Error(`No value for the placeholder ${slot}`)
    return Buffer.from(value, 'latin1')
  })
}

/** The page with `values` (by placeholder) in its gaps. Values are ASCII (base64, base36). */
export function fillPage(template: PageTemplate, values: Readonly<Record<string, string>>): Buffer<ArrayBuffer> {
  const filled = valueBuffers(template, values)
  const pieces: Buffer[] = [template.segments[0] as Buffer]
  for (const [i, value] of filled.entries()) pieces.push(value, template.segments[i + 1] as Buffer)
  return Buffer.concat(pieces)
}

function storedBlock(value: Buffer): Buffer<ArrayBuffer> {
  if (value.length > MAX_STORED) throw new Error('A page value this long belongs in the page, not in a gap.')
  const header = Buffer.from([0x00, value.length & 0xff, value.length >> 8, ~value.length & 0xff, (~value.length >> 8) & 0xff])
  return Buffer.concat([header, value])
}

/** `fillPage`, gzip-encoded without compressing again; values of unexpected length (an empty stamp) compress whole. */
export function fillPageGzip(template: PageTemplate, values: Readonly<Record<string, string>>): Buffer<ArrayBuffer> {
  const filled = valueBuffers(template, values)
  if (filled.some((value, i) => value.length !== template.lengths[template.slots[i] as string])) {
    return gzipSync(fillPage(template, values), { level: 6 })
  }
  const first = template.segments[0] as Buffer
  const pieces: Buffer[] = [GZIP_HEADER, template.deflated[0] as Buffer]
  let crc = (template.segmentCrcs[0] as { crc: number }).crc
  let length = first.length
  // The same nonce fills many gaps: each distinct value's CRC is taken once.
  const valueCrcs = new Map<string, { crc: number; shift: number }>()
  for (const [i, value] of filled.entries()) {
    const slot = template.slots[i] as string
    const key = values[slot] as string
    let valueCrc = valueCrcs.get(key)
    if (!valueCrc) {
      valueCrc = { crc: crc32(value), shift: crc32Shift(value.length) }
      valueCrcs.set(key, valueCrc)
    }
    const segment = template.segmentCrcs[i + 1] as { crc: number; shift: number }
    pieces.push(storedBlock(value), template.deflated[i + 1] as Buffer)
    crc = crc32Combine(crc32Combine(crc, valueCrc.crc, valueCrc.shift), segment.crc, segment.shift)
    length += value.length + (template.segments[i + 1] as Buffer).length
  }
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(length >>> 0, 4)
  pieces.push(FINAL_BLOCK, trailer)
  return Buffer.concat(pieces)
}
