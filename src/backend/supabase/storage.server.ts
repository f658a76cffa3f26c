/** Banner images in the public Supabase Storage bucket, which serves them itself. */
import type { FileStorage } from '../backend'
import { IMAGE_BUCKET } from '~/domain/banners'
import { createServiceClient } from './clients.server'
import type { SupabaseBackendOptions } from './options.server'

/** A Storage call failed; keeps Storage's own message for the log. */
export class SupabaseStorageError extends Error {
  override name = 'SupabaseStorageError'
  constructor(operation: string, error: { message: string }) {
    super(`Supabase Storage: ${operation} failed: ${error.message}`, { cause: error })
  }
}

type StorageFailure = { status?: number; statusCode?: string; code?: string } | undefined
const failure = (error: unknown) => (error instanceof SupabaseStorageError ? error.cause : error) as StorageFailure

/** Storage refused an upload because the name is taken (HTTP 409, or 409 as its body's status code). */
export function isAlreadyExists(error: unknown): boolean {
  const cause = failure(error)
  return cause?.status === 409 || cause?.statusCode === '409' || cause?.code === 'ResourceAlreadyExists'
}

/** Storage has no such file (HTTP 404, or 404 as its body's status code). */
export function isNotFound(error: unknown): boolean {
  const cause = failure(error)
  return cause?.status === 404 || cause?.statusCode === '404' || cause?.code === 'NoSuchKey'
}

/** Plain names only (the embedded adapter's rule): Storage would read `a/b.png` as a folder and keep
 * `.hidden` or `%2e%2e` names as they are, so anything else is refused before the upload. */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/

export function createFileStorage(options: SupabaseBackendOptions): FileStorage {
  const db = createServiceClient(options)
  const bucket = () => db.storage.from(IMAGE_BUCKET)
  return {
    async upload({ name, bytes, contentType, cacheControlSeconds }) {
      if (!SAFE_NAME.test(name)) {
        throw new SupabaseStorageError('upload', { message: `Invalid file name: ${JSON.stringify(name)}` })
      }
      // The bucket's own limits (type, size; set by the storage migration) are checked by Storage.
      const { error } = await bucket().upload(name, bytes, {
        contentType,
        cacheControl: String(cacheControlSeconds),
        // Names carry a timestamp; an existing file means a clash, never a replacement.
        upsert: false,
      })
      if (error) throw new SupabaseStorageError(`upload ${name}`, error)
      return { publicUrl: bucket().getPublicUrl(name).data.publicUrl }
    },
    // Files are served from the bucket's public URL, never through the app.
    read: () => Promise.resolve(null),

    async removeUnused({ keepUrls, storedBefore }) {
      const keep = new Set(keepUrls)
      const unused: string[] = []
      for (let offset = 0; ; offset += LIST_PAGE) {
        const { data, error } = await bucket().list('', {
          limit: LIST_PAGE,
          offset,
          sortBy: { column: 'name', order: 'asc' },
        })
        if (error) throw new SupabaseStorageError('list uploads', error)
        for (const file of data) {
          // Folders come back without an id; this bucket has none, and they are not ours to remove.
          if (!file.id || !file.created_at || new Date(file.created_at) >= storedBefore) continue
          if (!keep.has(bucket().getPublicUrl(file.name).data.publicUrl)) unused.push(file.name)
        }
        if (data.length < LIST_PAGE) break
      }
      for (let i = 0; i < unused.length; i += LIST_PAGE) {
        const { error } = await bucket().remove(unused.slice(i, i + LIST_PAGE))
        if (error) throw new SupabaseStorageError('remove unused uploads', error)
      }
      return unused
    },
  }
}

const LIST_PAGE = 100
