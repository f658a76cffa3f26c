/**
 * The embedded server writes an archive's rows from PostgreSQL's raw bytes (decision 177); the
 * other modes from the driver's strings. Both must write the same lines, byte for byte, for
 * every kind of value a row holds.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, expect, it } from 'vitest'
import { diskImageStore } from '~/backend/backup/images.server'
import { writeArchive } from '~/backend/backup/write-archive.server'
import { openTestBackend, type TestBackend } from '../embedded-harness'

let source: TestBackend | undefined
afterAll(() => source?.dispose())

/** The archive's lines after its header (which holds the time it was taken). */
async function linesAfterHeader(file: string): Promise<string[]> {
  return gunzipSync(await fs.readFile(file))
    .toString('utf8')
    .split('\n')
    .slice(1)
}

it('writes the same lines from raw rows as from strings', async () => {
  source = await openTestBackend()
  const { backend, db, dataDir } = source
  const awkward = [
    'Tırnak " ve ters bölü \\ ile, virgül, (parantez)',
    'Satır\nsonu\r\tsekme ve \u0001\u001f denetim karakterleri',
    'Emoji 🙂 ve birleşik ı̇ harfler, uzun: ' + 'ğüşiöç'.repeat(800),
  ]
  for (const [i, message] of awkward.entries()) {
    await backend.messages.create({
      name: `Yazar ${i} "alıntı"`,
      email: `yazar${i}@example.com`,
      message,
      ipAddress: i === 0 ? null : '2001:db8::7',
    })
  }
  expect(db.firstColumnBytes, 'the embedded database reads raw rows').toBeTypeOf('function')
  const images = diskImageStore(backend.storage, dataDir)
  const raw = path.join(dataDir, 'raw.gz')
  const strings = path.join(dataDir, 'strings.gz')
  const rawSummary = await writeArchive(db, raw, { mode: 'embedded', images })
  const stringSummary = await writeArchive({ ...db, firstColumnBytes: undefined }, strings, { mode: 'embedded', images })
  expect(rawSummary.rows).toEqual(stringSummary.rows)
  expect(rawSummary.rows['public.contact_messages']).toBeGreaterThanOrEqual(awkward.length)
  const rawLines = await linesAfterHeader(raw)
  // Everything but the trailer, whose checksum covers the header too.
  expect(rawLines.slice(0, -2)).toEqual((await linesAfterHeader(strings)).slice(0, -2))
  // Control characters reach the file escaped as JSON.stringify escapes them.
  expect(rawLines.join('\n')).toContain(JSON.stringify(awkward[1]).slice(1, -1))
}, 60_000)
