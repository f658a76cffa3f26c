/** The image bucket of the postgres mode, in the database itself: the bytes in
 * storage.object_contents beside their storage.objects row, written in one transaction, so every
 * server instance serves every upload and a backup of the database holds them all. */
import type { FileStorage } from '../backend'
import { IMAGE_BUCKET } from '~/domain/banners'
import type { Sql } from './client'
import {
  checkBucket,
  deleteObjectRow,
  insertObjectRow,
  isSafeFileName,
  publicUrlOf,
  StorageError,
  unusedObjectNames,
} from './storage-objects.server'

export function createDatabaseFileStorage(db: Sql): FileStorage {
  return {
    async upload({ name, bytes, contentType, cacheControlSeconds }) {
      if (!isSafeFileName(name)) throw new StorageError(`Invalid file name: ${JSON.stringify(name)}`)
      await checkBucket(db, contentType, bytes.byteLength)
      await db.transaction(async (tx) => {
        await insertObjectRow(tx, name, { mimetype: contentType, size: bytes.byteLength, cacheControlSeconds })
        await tx.query('insert into storage.object_contents (bucket_id, name, content) values ($1, $2, $3)', [
          IMAGE_BUCKET,
          name,
          bytes,
        ])
      })
      return { publicUrl: publicUrlOf(name) }
    },

    async read(name) {
      if (!isSafeFileName(name)) return null
      const { rows } = await db.query<{ metadata: { mimetype: string; cacheControlSeconds: number }; content: Uint8Array }>(
        `select o.metadata, c.content from storage.objects o
         join storage.object_contents c on c.bucket_id = o.bucket_id and c.name = o.name
         where o.bucket_id = $1 and o.name = $2`,
        [IMAGE_BUCKET, name],
      )
      const row = rows[0]
      if (!row) return null
      return {
        bytes: new Uint8Array(row.content),
        contentType: row.metadata.mimetype,
        cacheControlSeconds: row.metadata.cacheControlSeconds,
      }
    },

    async removeUnused({ keepUrls, storedBefore }) {
      const unused = await unusedObjectNames(db, keepUrls, storedBefore)
      // The contents go with their row (on delete cascade).
      for (const name of unused) await deleteObjectRow(db, name)
      return unused
    },
  }
}
