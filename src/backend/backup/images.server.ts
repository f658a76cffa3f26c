/** Where a backup's images come from and a restore puts them, per file store; the archive holds
 * them alike for all three, so an image moves between modes. */
import fs from 'node:fs/promises'
import path from 'node:path'
import type { FileStorage } from '../backend'
import { IMAGE_BUCKET } from '~/domain/banners'
import type { Sql } from '../sql/client'
import { createServiceClient } from '../supabase/clients.server'
import type { SupabaseBackendOptions } from '../supabase/options.server'
import { isAlreadyExists, isNotFound, SupabaseStorageError } from '../supabase/storage.server'
import { LIMITS } from '~/lib/limits'

export interface ArchivedImage {
  name: string
  contentType: string
  cacheControlSeconds: number
  bytes: Uint8Array
}

export interface ImageStore {
  /** storage.objects is the app's own table (embedded, postgres), archived like the others. */
  readonly storageTables: boolean
  /** The names of the images a backup holds, as the snapshot `tx` sees them where it can. */
  list(tx: Sql): Promise<string[]>
  /** The bytes and metadata of a stored image; null when it is gone. */
  read(name: string): Promise<ArchivedImage | null>
  /** Puts an image in place as part of the restore transaction `tx` (or after it: `commit`). */
  stage(tx: Sql, image: ArchivedImage): Promise<void>
  /** After the restore committed. */
  commit(): Promise<void>
  /** After the restore rolled back: nothing staged stays. */
  rollback(): Promise<void>
}

/** The names of the images in the bucket, as the snapshot `tx` sees them. */
export async function imageNames(tx: Sql): Promise<string[]> {
  const { rows } = await tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 order by name', [
    IMAGE_BUCKET,
  ])
  return rows.map((row) => row.name)
}

function fromStorage(storage: FileStorage): ImageStore['read'] {
  return async (name) => {
    const file = await storage.read(name)
    return file && { name, contentType: file.contentType, cacheControlSeconds: file.cacheControlSeconds, bytes: file.bytes }
  }
}

/** The row a restored image needs when the archive came from Supabase (no storage.objects lines). */
async function ensureObjectRow(tx: Sql, image: ArchivedImage): Promise<void> {
  const metadata = { mimetype: image.contentType, size: image.bytes.byteLength, cacheControlSeconds: image.cacheControlSeconds }
  await tx.query(
    'insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3) on conflict (bucket_id, name) do nothing',
    [IMAGE_BUCKET, image.name, JSON.stringify(metadata)],
  )
}

/** Embedded: images are renamed into place only once the database has committed, so a failed
 * restore leaves the folder as it was. Names are never reused: an existing file is the same image. */
export function diskImageStore(storage: FileStorage, dataDir: string): ImageStore {
  const folder = path.join(path.resolve(dataDir), 'uploads', IMAGE_BUCKET)
  const staged: string[] = []
  return {
    storageTables: true,
    list: imageNames,
    read: fromStorage(storage),
    async stage(tx, image) {
      await ensureObjectRow(tx, image)
      await fs.mkdir(folder, { recursive: true })
      const partial = path.join(folder, `.${image.name}.restore`)
      await fs.writeFile(partial, image.bytes)
      staged.push(image.name)
    },
    async commit() {
      for (const name of staged.splice(0)) await fs.rename(path.join(folder, `.${name}.restore`), path.join(folder, name))
    },
    async rollback() {
      for (const name of staged.splice(0)) await fs.rm(path.join(folder, `.${name}.restore`), { force: true })
    },
  }
}

/** Postgres: the bytes are rows, restored in the same transaction as everything else. */
export function databaseImageStore(storage: FileStorage): ImageStore {
  return {
    storageTables: true,
    list: imageNames,
    read: fromStorage(storage),
    async stage(tx, image) {
      await ensureObjectRow(tx, image)
      await tx.query(
        `insert into storage.object_contents (bucket_id, name, content) values ($1, $2, $3)
         on conflict (bucket_id, name) do update set content = excluded.content`,
        [IMAGE_BUCKET, image.name, image.bytes],
      )
    },
    async commit() {},
    async rollback() {},
  }
}

/** `max-age=3600` (how Storage reports a file's cacheControl) as seconds. */
function maxAgeSeconds(cacheControl: unknown): number | null {
  const match = /max-age=(\d+)/.exec(String(cacheControl ?? ''))
  return match ? Number(match[1]) : null
}

/** Supabase: the database role may not read Storage (decision 073), so images go through its API. */
export function supabaseImageStore(storage: FileStorage, options: SupabaseBackendOptions): ImageStore {
  const bucket = () => createServiceClient(options).storage.from(IMAGE_BUCKET)
  const listed = new Map<string, { contentType: string | null; cacheControlSeconds: number | null }>()
  const pending: ArchivedImage[] = []
  return {
    storageTables: false,
    async list() {
      listed.clear()
      for (let offset = 0; ; offset += LIST_PAGE) {
        const { data, error } = await bucket().list('', { limit: LIST_PAGE, offset, sortBy: { column: 'name', order: 'asc' } })
        if (error) throw new SupabaseStorageError('list images', error)
        // Folders come back without an id; the app keeps none in this bucket.
        for (const file of data) {
          if (!file.id) continue
          const metadata = (file.metadata ?? {}) as { mimetype?: string; cacheControl?: string }
          listed.set(file.name, {
            contentType: metadata.mimetype ?? null,
            cacheControlSeconds: maxAgeSeconds(metadata.cacheControl),
          })
        }
        if (data.length < LIST_PAGE) break
      }
      return [...listed.keys()]
    },
    async read(name) {
      const { data, error } = await bucket().download(name)
      if (error) {
        // Removed since it was listed (an unused upload): the backup reports it missing.
        if (isNotFound(error)) return null
        throw new SupabaseStorageError(`download ${name}`, error)
      }
      const meta = listed.get(name)
      return {
        name,
        contentType: meta?.contentType ?? (data.type || 'application/octet-stream'),
        cacheControlSeconds: meta?.cacheControlSeconds ?? LIMITS.upload.cacheControlSeconds,
        bytes: new Uint8Array(await data.arrayBuffer()),
      }
    },
    async stage(_tx, image) {
      pending.push(image)
    },
    async commit() {
      for (const image of pending.splice(0)) {
        try {
          await storage.upload(image)
        } catch (error) {
          if (!isAlreadyExists(error)) throw error
        }
      }
    },
    async rollback() {
      pending.length = 0
    },
  }
}

const LIST_PAGE = 100
