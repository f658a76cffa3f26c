import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, ArchiveError, createArchiveWriter, readArchive } from './archive-file.server'

let dir: string
const header = {
  format: ARCHIVE_FORMAT,
  version: ARCHIVE_VERSION,
  takenAt: '2026-11-27T04:00:00.123Z',
  mode: 'embedded',
} as const

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pusula-archive-'))
})
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

async function writeSample(name: string, lines: unknown[]): Promise<string> {
  const file = path.join(dir, name)
  const writer = await createArchiveWriter(file, header)
  for (const line of lines) await writer.line(line)
  await writer.finish()
  return file
}

async function refusal(file: string): Promise<ArchiveError> {
  const error = await readArchive(file).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(ArchiveError)
  return error as ArchiveError
}

const SAMPLE = [
  { table: 'public.t', columns: [{ name: 'a', type: 'text' }] },
  '(x)',
  '("ş, \\"ğ\\"")',
  ...Array(2_000).fill('(row)'),
]

describe('archive file', () => {
  it('reads back every line after the header, in order, with the header', async () => {
    const file = await writeSample('ok.gz', SAMPLE)
    const seen: unknown[] = []
    const { header: read } = await readArchive(file, (line) => {
      seen.push(line)
    })
    expect(read).toEqual(header)
    expect(seen).toEqual(SAMPLE)
    // Only the final name exists: the partial file was renamed.
    expect((await fs.readdir(dir)).filter((name) => name.includes('partial'))).toEqual([])
  })

  it('writes rows given as text bytes exactly as line() writes their strings, across pieces of any size', async () => {
    // Rows of every length around the writer's pieces (256 KB), one far longer, every byte that
    // JSON escapes, as the embedded server's raw rows give them: places in one buffer.
    const every = Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)).join('')
    const rows = [
      '(a)',
      `("ç, \\"q\\"",${every}\\)`,
      '\n'.repeat(60_000),
      'x'.repeat(300_000),
      ...Array.from({ length: 3_000 }, (_, i) => `(${i},"${'ğ'.repeat(i % 400)}")`),
    ]
    const bytes = Buffer.from(rows.join(''))
    const bounds = new Int32Array(2 * rows.length)
    let at = 0
    rows.forEach((row, i) => {
      bounds[2 * i] = at
      at += Buffer.byteLength(row)
      bounds[2 * i + 1] = at
    })
    const image = { image: { name: 'i.png' }, bytes: 'A'.repeat(400_000) }
    const viaBytes = path.join(dir, 'bytes.gz')
    const writer = await createArchiveWriter(viaBytes, header)
    await writer.line(SAMPLE[0])
    await writer.stringLines({ bytes, bounds, count: 2 })
    await writer.line(rows[2])
    await writer.stringLines({ bytes, bounds: bounds.subarray(6), count: rows.length - 3 })
    await writer.line(image)
    await writer.finish()
    const viaStrings = await writeSample('strings.gz', [SAMPLE[0], ...rows, image])
    expect(gunzipSync(await fs.readFile(viaBytes)).equals(gunzipSync(await fs.readFile(viaStrings)))).toBe(true)
    const seen: unknown[] = []
    await readArchive(viaBytes, (line) => {
      seen.push(line)
    })
    expect(seen).toEqual([SAMPLE[0], ...rows, image])
  })

  it('refuses a truncated archive, at any length', async () => {
    const bytes = await fs.readFile(await writeSample('whole.gz', SAMPLE))
    for (const keep of [10, Math.floor(bytes.length / 2), bytes.length - 1]) {
      const cut = path.join(dir, `cut-${keep}.gz`)
      await fs.writeFile(cut, bytes.subarray(0, keep))
      expect((await refusal(cut)).code).toBe('truncated')
    }
  })

  it('refuses an archive that ends with a complete gzip stream but without its last line', async () => {
    const text = gunzipSync(await fs.readFile(await writeSample('whole2.gz', SAMPLE))).toString()
    const withoutTrailer = text.slice(0, text.lastIndexOf('{"end"'))
    const file = path.join(dir, 'no-trailer.gz')
    await fs.writeFile(file, gzipSync(withoutTrailer))
    expect((await refusal(file)).code).toBe('truncated')
  })

  it('refuses an archive with one flipped byte, wherever it is', async () => {
    const bytes = await fs.readFile(await writeSample('flip.gz', SAMPLE))
    for (const at of [20, Math.floor(bytes.length / 2), bytes.length - 6]) {
      const copy = Buffer.from(bytes)
      copy[at] = copy[at]! ^ 0x01
      const file = path.join(dir, `flip-${at}.gz`)
      await fs.writeFile(file, copy)
      expect(['corrupt', 'truncated', 'not-an-archive']).toContain((await refusal(file)).code)
    }
  })

  it('refuses an altered line even when the gzip stream is rebuilt around it', async () => {
    const text = gunzipSync(await fs.readFile(await writeSample('edit.gz', SAMPLE))).toString()
    const file = path.join(dir, 'edited.gz')
    await fs.writeFile(file, gzipSync(text.replace('(x)', '(y)')))
    expect((await refusal(file)).code).toBe('corrupt')
  })

  it('refuses an archive of a newer format, and a file that is no archive', async () => {
    const newer = path.join(dir, 'newer.gz')
    await fs.writeFile(newer, gzipSync(`${JSON.stringify({ ...header, version: ARCHIVE_VERSION + 1 })}\n`))
    expect((await refusal(newer)).code).toBe('newer-format')
    const other = path.join(dir, 'other.gz')
    await fs.writeFile(other, 'just text')
    expect(['corrupt', 'not-an-archive']).toContain((await refusal(other)).code)
    expect((await refusal(path.join(dir, 'absent.gz'))).code).toBe('missing')
  })

  it('leaves no file under the final name when the writing is abandoned', async () => {
    const file = path.join(dir, 'abandoned.gz')
    const writer = await createArchiveWriter(file, header)
    await writer.line('(a)')
    await writer.abort()
    await expect(fs.access(file)).rejects.toThrow()
    expect((await fs.readdir(dir)).filter((name) => name.includes('abandoned'))).toEqual([])
  })
})
