/** What both file stores of the SQL core share: the rows of storage.objects (name, content type,
 * cache lifetime) and the bucket's own limits. The bucket's row (size limit, allowed types) comes
 * from the same migration Supabase runs, so every deployment mode refuses the same files. */
import { IMAGE_BUCKET, UPLOADS_PATH } from '~/domain/banners'
import type { Sql } from './client'

/** Plain names only: no separators, no leading dot, so nothing can escape the bucket folder. */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/

export function isSafeFileName(name: string): boolean {
  return SAFE_NAME.test(name)
}

export class StorageError extends Error {
  override name = 'StorageError'
}

export interface ObjectMetadata {
  mimetype: string
  size: number
  cacheControlSeconds: number
}

export function publicUrlOf(name: string): string {
  return `${UPLOADS_PATH}/${name}`
}

/** Throws StorageError when the bucket refuses this type or size (as Supabase Storage does). */
export async function checkBucket(db: Sql, contentType: string, size: number): Promise<void> {
  const { rows } = await db.query<{ file_size_limit: number | string | null; allowed_mime_types: string[] | null }>(
    'select file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [IMAGE_BUCKET],
  )
  const bucket = rows[0]
  if (!bucket) throw new StorageError(`Bucket ${IMAGE_BUCKET} not found`)
  if (bucket.allowed_mime_types && !bucket.allowed_mime_types.includes(contentType)) {
    throw new StorageError(`mime type ${contentType} is not supported`)
  }
  // bigint: a string from a server, a number from PGlite.
  if (bucket.file_size_limit !== null && size > Number(bucket.file_size_limit)) {
    throw new StorageError('The object exceeded the maximum allowed size')
  }
}

export async function insertObjectRow(db: Sql, name: string, metadata: ObjectMetadata): Promise<void> {
  try {
    await db.query('insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3)', [
      IMAGE_BUCKET,
      name,
      JSON.stringify(metadata),
    ])
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new StorageError(`A file named ${name} already exists`)
    throw error
  }
}

export async function readObjectMetadata(db: Sql, name: string): Promise<ObjectMetadata | null> {
  const { rows } = await db.query<{ metadata: ObjectMetadata }>(
    'select metadata from storage.objects where bucket_id = $1 and name = $2',
    [IMAGE_BUCKET, name],
  )
  return rows[0]?.metadata ?? null
}

/** Names of the files stored before `storedBefore` whose public URLs are not in `keepUrls`. */
export async function unusedObjectNames(db: Sql, keepUrls: readonly string[], storedBefore: Date): Promise<string[]> {
  const keep = new Set(keepUrls)
  const { rows } = await db.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 and created_at < $2 order by name',
    [IMAGE_BUCKET, storedBefore.toISOString()],
  )
  return rows.map((row) => row.name).filter((name) => !keep.has(publicUrlOf(name)))
}

export async function deleteObjectRow(db: Sql, name: string): Promise<void> {
  await db.query('delete from storage.objects where bucket_id = $1 and name = $2', [IMAGE_BUCKET, name])
}
