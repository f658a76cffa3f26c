import { getRequest } from '@tanstack/react-start/server'
import type { Locale } from '~/domain/locales'
import { cookiesInUse } from '~/lib/cookies'
import { type ServerEnv, serverEnv } from '~/lib/env.server'
import { requestOrigin } from '~/lib/forwarded.server'
import type { LegalPageId } from '~/lib/legal-pages'
import { LIMITS } from '~/lib/limits'
import { type PageHead, pageHead } from '~/lib/page-head'
import { localizeContent } from '~/domain/site-content'
import { publishedSiteContent } from '~/features/content/site-content.server'
import { SITE } from '~/lib/site-config'
import { m } from '~/paraglide/messages'
import { LEGAL_TITLES, legalHref } from './legal-titles'
import type { LegalFacts, LegalPageData } from './legal.schemas'

const DAY_SECONDS = 24 * 60 * 60

/** The configured facts the legal pages state, read from the environment the server runs with. */
export function legalFacts(env: ServerEnv): LegalFacts {
  const setting = {
    secure: env.secureCookies,
    supabaseUrl: env.backend.kind === 'supabase' ? env.backend.url : null,
  }
  return {
    messageRetentionDays: env.messageRetentionDays,
    ipRetentionDays: env.ipRetentionDays,
    visitRawDays: env.visitRawDays,
    sessionMaxDays: LIMITS.auth.sessionMaxSeconds / DAY_SECONDS,
    sessionIdleHours: LIMITS.auth.sessionIdleSeconds / 3600,
    providersAbroad: env.providersAbroad,
    supabase: env.backend.kind === 'supabase',
    cookies: cookiesInUse(setting).map((cookie) => ({
      id: cookie.id,
      names: cookie.names(setting),
      maxAgeSeconds: cookie.maxAgeSeconds,
      audience: cookie.audience,
      necessary: cookie.necessary,
    })),
  }
}

const DESCRIPTIONS: Record<LegalPageId, (locale: Locale, name: string) => string> = {
  notice: (locale, name) => m.legal_notice_meta({ name }, { locale }),
  privacy: (locale, name) => m.legal_privacy_meta({ name }, { locale }),
  cookies: (locale, name) => m.legal_cookies_meta({ name }, { locale }),
}

/** Title, description, canonical and hreflang alternates (tr, en, x-default) of a page in `locale`. */
export function legalPageHead(page: LegalPageId, locale: Locale, origin: string, name: string = SITE.name): PageHead {
  return pageHead({
    title: `${LEGAL_TITLES[page](locale)} | ${name}`,
    description: DESCRIPTIONS[page](locale, name),
    locale,
    url: (l) => `${origin}${legalHref(page, l)}`,
  })
}

/** What a legal page renders, for the current request (its origin: SITE_URL when set). */
export async function legalPageData(page: LegalPageId, locale: Locale): Promise<LegalPageData> {
  const env = serverEnv()
  let origin = ''
  try {
    // Not getRequestUrl(): it believes X-Forwarded-Proto from anyone.
    origin = requestOrigin(getRequest(), env)
  } catch {}
  const content = localizeContent(await publishedSiteContent(), locale)
  return { facts: legalFacts(env), head: legalPageHead(page, locale, origin, content.contact.legalName), content }
}
