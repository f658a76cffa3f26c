/** A kept page split where each response puts its own values (nonce, time stamp), compressed once,
 * so a response costs a copy rather than a render or a compression (decision 151). */
import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib'

export interface PageTemplate {
  /** The page's fixed parts, one more than `slots`. */
  readonly segments: readonly Buffer[]
  /** The placeholder each gap was cut at, in order. */
  readonly slots: readonly string[]
  /** The value lengths the frames were made for (by placeholder). */
  readonly lengths: Readonly<Record<string, number>>
  /** The filled page's CRC-32 with every gap filled with zero bytes. */
  readonly zeroedCrc: number
  /** By placeholder: the operators that move a CRC past what follows each of its gaps, XORed, and
   * the CRC-32 of as many zero bytes as its values have (see `filledCrc`). */
  readonly gapCrcs: Readonly<Record<string, { shift: number; zeroCrc: number }>>
  /** The whole answer with every gap zero-filled, plain and gzip (CRC left to write), and where
   * each gap's bytes start in it: an answer is one copy and its values written in place. */
  readonly plainFrame: Buffer
  readonly plainOffsets: readonly number[]
  readonly gzipFrame: Buffer
  readonly gzipOffsets: readonly number[]
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
  for (const { placeholder, length } of gaps) {
    if (!/^[a-z0-9]+$/i.test(placeholder)) throw new Error(`A placeholder must be letters and digits: ${placeholder}`)
    if (length > MAX_STORED) throw new Error('A page value this long belongs in the page, not in a gap.')
  }
  const lengths = Object.fromEntries(gaps.map((gap) => [gap.placeholder, gap.length]))
  const parts = html.split(new RegExp(`(${gaps.map((gap) => gap.placeholder).join('|')})`))
  const segments = parts.filter((_, i) => i % 2 === 0).map((part) => Buffer.from(part))
  const slots = parts.filter((_, i) => i % 2 === 1)
  const deflated = html.includes('\0')
    ? segments.map((s) => deflateSegments([s], [], {})[0] as Buffer)
    : deflateSegments(segments, slots, lengths)
  const zeroed = Buffer.concat(
    segments.flatMap((segment, i) => (i < slots.length ? [segment, zeros(lengths[slots[i] as string] ?? 0)] : [segment])),
  )
  const gapCrcs: Record<string, { shift: number; zeroCrc: number }> = {}
  let before = 0
  for (const [i, slot] of slots.entries()) {
    const length = lengths[slot] ?? 0
    before += (segments[i] as Buffer).length + length
    const gap = gapCrcs[slot] ?? { shift: 0, zeroCrc: crc32(zeros(length)) }
    gap.shift = (gap.shift ^ crc32Shift(zeroed.length - before)) >>> 0
    gapCrcs[slot] = gap
  }
  return {
    segments,
    slots,
    lengths,
    zeroedCrc: crc32(zeroed),
    gapCrcs,
    plainFrame: zeroed,
    plainOffsets: gapOffsets(segments, slots, lengths, 0, 0),
    ...gzipFrameOf(deflated, slots, lengths, zeroed.length),
  }
}

/** Where each gap starts in a frame that begins `start` bytes in and puts `perGap` bytes before each value. */
function gapOffsets(
  parts: readonly Buffer[],
  slots: readonly string[],
  lengths: Record<string, number>,
  start: number,
  perGap: number,
) {
  const offsets: number[] = []
  let at = start
  for (const [i, slot] of slots.entries()) {
    at += (parts[i] as Buffer).length + perGap
    offsets.push(at)
    at += lengths[slot] ?? 0
  }
  return offsets
}

/** The gzip member of the zero-filled page: each value in a stored block of its own between the
 * deflated segments (header: not final, type 00, then LEN and NLEN), and the trailer's length. */
function gzipFrameOf(deflated: readonly Buffer[], slots: readonly string[], lengths: Record<string, number>, length: number) {
  const pieces: Buffer[] = [GZIP_HEADER, deflated[0] as Buffer]
  for (const [i, slot] of slots.entries()) {
    const stored = Buffer.alloc(5 + (lengths[slot] ?? 0))
    stored.writeUInt16LE(lengths[slot] ?? 0, 1)
    stored.writeUInt16LE(~(lengths[slot] ?? 0) & 0xffff, 3)
    pieces.push(stored, deflated[i + 1] as Buffer)
  }
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(length >>> 0, 4)
  pieces.push(FINAL_BLOCK, trailer)
  return { gzipFrame: Buffer.concat(pieces), gzipOffsets: gapOffsets(deflated, slots, lengths, GZIP_HEADER.length, 5) }
}

const zeros = (length: number) => Buffer.alloc(length)

// CRC-32 arithmetic as zlib's crc32_combine does it: moving a CRC past n bytes is one product.
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
function crc32Shift(length: number): number {
  let p = 0x80000000
  let k = 3
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) p = multModP(X2N[k & 31] as number, p)
  }
  return p
}

/** Each placeholder's value as bytes, once however many gaps it fills; null when one has another
 * length than the template was made for (a stamp before the key is loaded is empty). */
function valueBytes(template: PageTemplate, values: Readonly<Record<string, string>>): Map<string, Buffer> | null {
  const bytes = new Map<string, Buffer>()
  let fits = true
  for (const slot of template.slots) {
    if (bytes.has(slot)) continue
    const value = values[slot]
    if (value === undefined) throw new Error(`No value for the placeholder ${slot}`)
    const buffer = Buffer.from(value, 'latin1')
    fits &&= buffer.length === template.lengths[slot]
    bytes.set(slot, buffer)
  }
  return fits ? bytes : null
}

/** `frame` copied, each gap's value written at its offset. */
function fillFrame(frame: Buffer, offsets: readonly number[], template: PageTemplate, bytes: Map<string, Buffer>) {
  const out = Buffer.allocUnsafe(frame.length)
  frame.copy(out)
  for (const [i, slot] of template.slots.entries()) (bytes.get(slot) as Buffer).copy(out, offsets[i])
  return out
}

/** The page with `values` (by placeholder) in its gaps. Values are ASCII (base64, base36). */
export function fillPage(template: PageTemplate, values: Readonly<Record<string, string>>): Buffer<ArrayBuffer> {
  const bytes = valueBytes(template, values)
  if (bytes) return fillFrame(template.plainFrame, template.plainOffsets, template, bytes)
  const pieces: Buffer[] = [template.segments[0] as Buffer]
  for (const [i, slot] of template.slots.entries())
    pieces.push(Buffer.from(values[slot] as string, 'latin1'), template.segments[i + 1] as Buffer)
  return Buffer.concat(pieces)
}

/** `fillPage`, gzip-encoded without compressing again; values of unexpected length (an empty stamp) compress whole. */
export function fillPageGzip(template: PageTemplate, values: Readonly<Record<string, string>>): Buffer<ArrayBuffer> {
  const bytes = valueBytes(template, values)
  if (!bytes) return gzipSync(fillPage(template, values), { level: 6 })
  const out = fillFrame(template.gzipFrame, template.gzipOffsets, template, bytes)
  out.writeUInt32LE(filledCrc(template, bytes), out.length - 8)
  return out
}

/**
 * The filled page's CRC-32 without reading it: a CRC is affine, so it is the zero-filled page's
 * plus, for each placeholder, its value's linear part moved past what follows each of its gaps
 * (one product per placeholder, however many gaps share it).
 */
function filledCrc(template: PageTemplate, bytes: Map<string, Buffer>): number {
  let crc = template.zeroedCrc
  for (const [slot, { shift, zeroCrc }] of Object.entries(template.gapCrcs)) {
    const linear = (crc32(bytes.get(slot) as Buffer) ^ zeroCrc) >>> 0
    crc = (crc ^ multModP(shift, linear)) >>> 0
  }
  return crc
}
