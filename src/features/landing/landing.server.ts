import { getRequest } from '@tanstack/react-start/server'
import { bannerImageExtras } from '~/backend/banner-images'
import { BANNER_BY_LOCALE } from '~/domain/banners'
import type { Locale } from '~/domain/locales'
import { getBackend } from '~/backend/get-backend.server'
import { serverEnv } from '~/lib/env.server'
import { requestOrigin } from '~/lib/forwarded.server'
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
