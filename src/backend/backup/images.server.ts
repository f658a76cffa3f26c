/**
 * Where the images of a backup come from and where a restore puts them, per file store: files in
 * DATA_DIR/uploads (embedded), storage.object_contents (postgres), Supabase Storage (supabase).
 * The archive holds the bytes the same way for all three, so an image moves between modes.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import type { FileStorage } from '../backend'
import { IMAGE_BUCKET } from '~/domain/banners'
import type { Sql } from '../sql/client'

export interface ArchivedImage {
  name: string
  contentType: string
  cacheControlSeconds: number
  bytes: Uint8Array
}

export interface ImageStore {
  /** storage.objects is the app's own table (embedded, postgres), archived like the others. */
  readonly storageTables: boolean
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

/**
 * Embedded: each image is written beside its final place and renamed into it only once the
 * database has committed, so a refused or failed restore leaves the folder as it was. Image
 * names are unique and never reused, so a file that is already there is the same image.
 */
export function diskImageStore(storage: FileStorage, dataDir: string): ImageStore {
  const folder = path.join(path.resolve(dataDir), 'uploads', IMAGE_BUCKET)
  const staged: string[] = []
  return {
    storageTables: true,
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

/**
 * Supabase: Storage is another service, outside the database's transaction: images are uploaded
 * after the rows committed (an image already there is kept: names are never reused).
 */
export function supabaseImageStore(storage: FileStorage): ImageStore {
  const pending: ArchivedImage[] = []
  return {
    storageTables: false,
    read: fromStorage(storage),
    async stage(_tx, image) {
      pending.push(image)
    },
    async commit() {
      for (const image of pending.splice(0)) {
        try {
          await storage.upload(image)
        } catch (error) {
          if (!/already exists/i.test((error as Error).message)) throw error
        }
      }
    },
    async rollback() {
      pending.length = 0
    },
  }
}
