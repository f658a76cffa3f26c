/**
 * The image bucket on disk: bytes in `${dataDir}/uploads/<bucket>/<name>`, content type and
 * cache lifetime in storage.objects. The bucket's own row (size limit, allowed types) comes from
 * the same migration Supabase runs, so both backends refuse the same files.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import type { FileStorage } from '../backend'
import { IMAGE_BUCKET, UPLOADS_PATH } from '../domain'
import type { Database } from './db.server'

/** Plain names only: no separators, no leading dot, so nothing can escape the bucket folder. */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/

export function isSafeFileName(name: string): boolean {
  return SAFE_NAME.test(name)
}

export class StorageError extends Error {
  override name = 'StorageError'
}

interface ObjectMetadata {
  mimetype: string
  size: number
  cacheControlSeconds: number
}

export function createFileStorage(db: Database, dataDir: string): FileStorage {
  const folder = path.join(path.resolve(dataDir), 'uploads', IMAGE_BUCKET)

  async function checkBucket(contentType: string, size: number): Promise<void> {
    const { rows } = await db.query<{ file_size_limit: number | null; allowed_mime_types: string[] | null }>(
      'select file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [IMAGE_BUCKET],
    )
    const bucket = rows[0]
    if (!bucket) throw new StorageError(`Bucket ${IMAGE_BUCKET} not found`)
    if (bucket.allowed_mime_types && !bucket.allowed_mime_types.includes(contentType)) {
      throw new StorageError(`mime type ${contentType} is not supported`)
    }
    if (bucket.file_size_limit !== null && size > bucket.file_size_limit) {
      throw new StorageError('The object exceeded the maximum allowed size')
    }
  }

  return {
    async upload({ name, bytes, contentType, cacheControlSeconds }) {
      if (!isSafeFileName(name)) throw new StorageError(`Invalid file name: ${JSON.stringify(name)}`)
      await checkBucket(contentType, bytes.byteLength)
      await fs.mkdir(folder, { recursive: true })
      const file = path.join(folder, name)
      // 'wx' makes "no overwrite" atomic: of two uploads with one name, exactly one wins.
      try {
        await fs.writeFile(file, bytes, { flag: 'wx' })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new StorageError(`A file named ${name} already exists`)
        }
        throw error
      }
      const metadata: ObjectMetadata = { mimetype: contentType, size: bytes.byteLength, cacheControlSeconds }
      try {
        await db.query('insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3)', [
          IMAGE_BUCKET,
          name,
          JSON.stringify(metadata),
        ])
      } catch (error) {
        // Without its row the file could never be served: do not leave it behind.
        await fs.rm(file, { force: true })
        throw error
      }
      return { publicUrl: `${UPLOADS_PATH}/${name}` }
    },

    async read(name) {
      if (!isSafeFileName(name)) return null
      const { rows } = await db.query<{ metadata: ObjectMetadata }>(
        'select metadata from storage.objects where bucket_id = $1 and name = $2',
        [IMAGE_BUCKET, name],
      )
      const meta = rows[0]?.metadata
      if (!meta) return null
      try {
        const bytes = await fs.readFile(path.join(folder, name))
        return { bytes: new Uint8Array(bytes), contentType: meta.mimetype, cacheControlSeconds: meta.cacheControlSeconds }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },

    async removeUnused({ keepUrls, storedBefore }) {
      const keep = new Set(keepUrls)
      const { rows } = await db.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and created_at < $2 order by name',
        [IMAGE_BUCKET, storedBefore.toISOString()],
      )
      const unused = rows.map((row) => row.name).filter((name) => !keep.has(`${UPLOADS_PATH}/${name}`))
      for (const name of unused) {
        // Row first: a file without its row is never served, a row without its file would 404.
        await db.query('delete from storage.objects where bucket_id = $1 and name = $2', [IMAGE_BUCKET, name])
        if (isSafeFileName(name)) await fs.rm(path.join(folder, name), { force: true })
      }
      return unused
    },
  }
}
