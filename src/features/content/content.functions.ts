/**
 * The content editor's server functions: validate → authorize (requireAdmin) → the backend's
 * SiteContentStore. A save or publish names the draft revision it started from; a colleague's
 * newer save wins and the caller gets it back instead (docs/decisions/210-site-content-as-data.md).
 */
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { getBackend } from '~/backend/get-backend.server'
import type { ContentDraft, ContentVersionSummary, SiteContent } from '~/domain/site-content'
import { actingAs } from '~/features/activity/acting.server'
import { requireAdmin } from '~/features/auth/require-admin'
import { removeUnusedUploads } from '~/features/banners/remove-unused-uploads.server'
import { AppError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { validate } from '~/lib/validate'
import { m } from '~/paraglide/messages'
import { SaveDraftSchema, SiteContentSchema, VersionIdSchema, contentFieldErrors } from './content.schemas'
import { defaultSiteContent } from './default-content'
import { publishedSiteContent } from './site-content.server'

export interface ContentEditorData {
  draft: ContentDraft
  /** What visitors see now: the newest version, or the defaults before the first publish. */
  published: SiteContent
  publishedVersion: number | null
}

export type ContentWriteResult =
  | { ok: true; draft: ContentDraft; version?: ContentVersionSummary }
  | { ok: false; reason: 'conflict'; draft: ContentDraft }

/** The content as staff typed it, checked field by field; every problem named by its field's path. */
function checkContent(input: unknown): SiteContent {
  const result = v.safeParse(SiteContentSchema, input)
  if (result.success) return result.output
  throw new AppError(400, 'bad_request', m.content_invalid(), contentFieldErrors(result.issues))
}

export const getContentEditor = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async (): Promise<ContentEditorData> => {
    const backend = await getBackend()
    const [draft, published] = await Promise.all([backend.content.draft(), backend.content.published()])
    // A draft saved by an older build that no longer fits is shown as the live content instead.
    const draftContent = draft.content && v.safeParse(SiteContentSchema, draft.content).success ? draft.content : null
    return {
      draft: { ...draft, content: draftContent },
      published: published ? await publishedSiteContent() : defaultSiteContent(),
      publishedVersion: published?.versionId ?? null,
    }
  })

export const saveContentDraft = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(SaveDraftSchema))
  .handler(async ({ data, context }): Promise<ContentWriteResult> => {
    const content = checkContent(data.content)
    const backend = await getBackend()
    const saved = await backend.content.saveDraft(content, data.baseRevision, actingAs(context.user.email))
    return saved.ok ? { ok: true, draft: saved.draft } : { ok: false, reason: 'conflict', draft: saved.draft }
  })

export const publishContent = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(SaveDraftSchema))
  .handler(async ({ data, context }): Promise<ContentWriteResult> => {
    const content = checkContent(data.content)
    const backend = await getBackend()
    const published = await backend.content.publish(content, data.baseRevision, actingAs(context.user.email))
    if (!published.ok) return { ok: false, reason: 'conflict', draft: published.draft }
    await removeUnusedUploads(backend)
    return { ok: true, draft: await backend.content.draft(), version: published.version }
  })

export const listContentVersions = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async (): Promise<ContentVersionSummary[]> => {
    const backend = await getBackend()
    return backend.content.versions(LIMITS.content.historyMax)
  })

/** Publishes an earlier version at once, as a new version; the shared draft is left alone. */
export const restoreContentVersion = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(VersionIdSchema))
  .handler(async ({ data, context }): Promise<ContentVersionSummary> => {
    const backend = await getBackend()
    const earlier = await backend.content.version(data.id)
    if (!earlier || !v.safeParse(SiteContentSchema, earlier).success) {
      throw new AppError(404, 'not_found', m.error_bad_request())
    }
    const version = await backend.content.restore(data.id, actingAs(context.user.email))
    if (!version) throw new AppError(404, 'not_found', m.error_bad_request())
    return version
  })

/** The specification's texts and the built-in pictures, for the editor to load as a draft. */
export const getDefaultContent = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async (): Promise<SiteContent> => defaultSiteContent())
