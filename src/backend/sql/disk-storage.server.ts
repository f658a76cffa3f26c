/** The image bucket of the embedded mode, on disk: bytes in `${dataDir}/uploads/<bucket>/<name>`,
 * content type and cache lifetime in storage.objects. */
import fs from 'node:fs/promises'
import path from 'node:path'
import type { FileStorage } from '../backend'
import { IMAGE_BUCKET } from '~/domain/banners'
import type { Sql } from './client'
import {
  checkBucket,
  deleteObjectRow,
  insertObjectRow,
  isSafeFileName,
  publicUrlOf,
  readObjectMetadata,
  StorageError,
  unusedObjectNames,
} from './storage-objects.server'

export function createDiskFileStorage(db: Sql, dataDir: string): FileStorage {
  const folder = path.join(path.resolve(dataDir), 'uploads', IMAGE_BUCKET)

  return {
    async upload({ name, bytes, contentType, cacheControlSeconds }) {
      if (!isSafeFileName(name)) throw new StorageError(`Invalid file name: ${JSON.stringify(name)}`)
      await checkBucket(db, contentType, bytes.byteLength)
      await fs.mkdir(folder, { recursive: true })
      const file = path.join(folder, name)
      // 'wx' makes "no overwrite" atomic: of two uploads with one name, exactly one wins.
      try {
        await fs.writeFile(file, bytes, { flag: 'wx' })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageError(`A file named ${name} already exists`)
        throw error
      }
      try {
        await insertObjectRow(db, name, { mimetype: contentType, size: bytes.byteLength, cacheControlSeconds })
      } catch (error) {
        // Without its row the file could never be served: do not leave it behind.
        await fs.rm(file, { force: true })
        throw error
      }
      return { publicUrl: publicUrlOf(name) }
    },

    async read(name) {
      if (!isSafeFileName(name)) return null
      const meta = await readObjectMetadata(db, name)
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
      const unused = await unusedObjectNames(db, keepUrls, storedBefore)
      for (const name of unused) {
        // Row first: a file without its row is never served, a row without its file would 404.
        await deleteObjectRow(db, name)
        if (isSafeFileName(name)) await fs.rm(path.join(folder, name), { force: true })
      }
      return unused
    },
  }
}
