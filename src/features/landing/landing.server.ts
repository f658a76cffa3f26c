import { getRequest, setResponseHeader } from '@tanstack/react-start/server'
import * as v from 'valibot'
import { SiteContentSchema } from '~/features/content/content.schemas'
import { bannerImageExtras } from '~/backend/banner-images'
import { BANNER_BY_LOCALE } from '~/domain/banners'
import type { Locale } from '~/domain/locales'
import { getBackend } from '~/backend/get-backend.server'
import { serverEnv } from '~/lib/env.server'
import { requestOrigin } from '~/lib/forwarded.server'
import { localizeContent } from '~/domain/site-content'
import { publishedSiteContent } from '~/features/content/site-content.server'
import { passkeyStepFor } from '~/features/auth/passkey-gate.server'
import { requestContext } from '~/features/auth/request-context.server'
import type { LandingPageData } from './landing.schemas'
import { log } from '~/lib/log.server'

/** The stored hero banner of the page's language; a failed read keeps the default (docs/product.md#hero-banner). */
export async function readHeroBanner(locale: Locale): Promise<LandingPageData['banner']> {
  try {
    const backend = await getBackend()
    const row = await backend.banners.getPublic(BANNER_BY_LOCALE[locale])
    if (!row) return { imageUrl: null, updatedAt: null }
    return { imageUrl: row.imageUrl, updatedAt: row.updatedAt, ...bannerImageExtras(row) }
  } catch (error) {
    log().warn({ err: error }, 'landing: banner read failed; the default image is shown')
    return { imageUrl: null, updatedAt: null }
  }
}

export function siteOrigin(): string | null {
  try {
    // Not getRequestUrl(): it believes X-Forwarded-Proto from anyone.
    return requestOrigin(getRequest(), serverEnv())
  } catch {
    return null
  }
}

/**
 * The page's content in `locale`. A preview is the shared draft (or, with none saved, what is
 * live), for signed-in admins only, and never kept by a cache; anyone else asking gets the page as published.
 */
export async function readPageContent(locale: Locale, preview: boolean): Promise<Pick<LandingPageData, 'content' | 'preview'>> {
  if (preview) {
    const draft = await readDraftForAdmin()
    if (draft) {
      setResponseHeader('Cache-Control', 'private, no-store')
      const content = draft.content ?? (await publishedSiteContent())
      return { content: localizeContent(content, locale), preview: { draft: draft.content !== null } }
    }
  }
  return { content: localizeContent(await publishedSiteContent(), locale), preview: null }
}

async function readDraftForAdmin() {
  try {
    const backend = await getBackend()
    const ctx = requestContext()
    const user = await backend.auth.getUser(ctx)
    if (!user || !(await backend.auth.isAdmin(user.email)) || (await passkeyStepFor(ctx, user.email))) return null
    const draft = await backend.content.draft()
    if (!draft.content) return { content: null }
    const parsed = v.safeParse(SiteContentSchema, draft.content)
    return { content: parsed.success ? parsed.output : null }
  } catch (error) {
    log().warn({ err: error }, 'landing: preview read failed; the published page is shown')
    return null
  }
}
