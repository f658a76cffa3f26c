/**
 * The content visitors see: the newest published version, or the defaults before the first
 * publish. Kept in memory until a publish is heard from any instance (LISTEN/NOTIFY).
 */
import * as v from 'valibot'
import { getBackend } from '~/backend/get-backend.server'
import type { SiteContent } from '~/domain/site-content'
import { log } from '~/lib/log.server'
import { SiteContentSchema } from './content.schemas'
import { defaultSiteContent } from './default-content'

let cached: Promise<SiteContent> | null = null
let watching = false
const listeners = new Set<() => void>()

async function load(): Promise<SiteContent> {
  const backend = await getBackend()
  if (!watching) {
    watching = true
    backend.content.subscribe(() => {
      cached = null
      for (const listener of listeners) listener()
    })
  }
  const published = await backend.content.published()
  if (!published) return defaultSiteContent()
  // A version saved by an older build may lack a field a newer one wants: the defaults fill in.
  const parsed = v.safeParse(SiteContentSchema, published.content)
  if (parsed.success) return parsed.output
  log().warn({ versionId: published.versionId }, 'site content: the published version does not fit; showing the defaults')
  return defaultSiteContent()
}

/** The published content; a failed read shows the defaults (and is tried again next time). */
export function publishedSiteContent(): Promise<SiteContent> {
  if (!cached) {
    const loading = load().catch((error) => {
      log().warn({ err: error }, 'site content: read failed; the defaults are shown')
      if (cached === loading) cached = null
      return defaultSiteContent()
    })
    cached = loading
  }
  return cached
}

/** Called after every publish heard (the page cache empties itself with it). */
export function onSiteContentChange(listener: () => void): () => void {
  listeners.add(listener)
  void publishedSiteContent()
  return () => listeners.delete(listener)
}
