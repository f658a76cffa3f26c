import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv } from '~/lib/env.server'
import { LIMITS } from '~/lib/limits'
import { localizeContent } from '~/domain/site-content'
import { defaultSiteContent } from '~/features/content/default-content'
import { PageContentProvider } from '~/features/landing/page-content-context'
import { SITE } from '~/lib/site-config'
import { type Locale, overwriteGetLocale } from '~/paraglide/runtime'
import { CookiePolicyContent } from './components/cookie-policy-content'
import { NoticeContent } from './components/notice-content'
import { PrivacyContent } from './components/privacy-content'
import type { LegalFacts } from './legal.schemas'
import { legalFacts, legalPageHead } from './legal.server'

const SUPABASE = {
  SUPABASE_URL: 'https://abcdefgh.supabase.co',
  SUPABASE_ANON_KEY: 'anon',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
  DATABASE_URL: 'postgres://u:p@db.example.com/pusula',
}

function facts(env: Record<string, string> = {}): LegalFacts {
  return legalFacts(parseEnv(env))
}

/** The legal texts name the firm as the published content does: here, the defaults. */
function withContent(node: React.ReactElement, locale: Locale): React.ReactElement {
  return <PageContentProvider content={localizeContent(defaultSiteContent(), locale)}>{node}</PageContentProvider>
}

/** The page's visible text, tags dropped and entities decoded as a reader sees them. */
function text(node: React.ReactElement, locale: Locale): string {
  overwriteGetLocale(() => locale)
  return renderToStaticMarkup(withContent(node, locale))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

afterEach(() => overwriteGetLocale(() => 'tr'))

describe('the KVKK notice states what the configuration says', () => {
  it('gives the retention periods actually configured, in both languages', () => {
    const configured = facts({ MESSAGE_RETENTION_DAYS: '400', IP_RETENTION_DAYS: '45' })
    const tr = text(<NoticeContent facts={configured} locale="tr" />, 'tr')
    expect(tr).toContain('alındıkları tarihten itibaren 400 gün saklanır')
    expect(tr).toContain('IP adresi 45 gün sonra silinir')
    const en = text(<NoticeContent facts={configured} locale="en" />, 'en')
    expect(en).toContain('kept for 400 days from receipt')
    expect(en).toContain('erased after 45 days')
    // The privacy policy repeats them.
    expect(text(<PrivacyContent facts={configured} />, 'tr')).toContain('Mesajlar 400 gün, IP adresleri 45 gün sonra')
  })

  it('gives the defaults when nothing is configured', () => {
    const tr = text(<NoticeContent facts={facts()} locale="tr" />, 'tr')
    expect(tr).toContain(`itibaren ${LIMITS.retention.messageDefaultDays} gün saklanır`)
    expect(tr).toContain(`IP adresi ${LIMITS.retention.ipDefaultDays} gün sonra silinir`)
  })

  it('says data stays in Turkey, or names the providers abroad and Article 9, as PROVIDERS_ABROAD says', () => {
    expect(text(<NoticeContent facts={facts()} locale="tr" />, 'tr')).toContain('kişisel verileriniz yurt dışına aktarılmaz')
    const supabase = text(<NoticeContent facts={facts(SUPABASE)} locale="tr" />, 'tr')
    expect(supabase).toContain('Türkiye dışında işler: veritabanı hizmeti sağlayıcısı.')
    expect(supabase).toContain("KVKK'nın 9. maddesine uygun")
    expect(supabase).toContain('(Supabase)')
    const en = text(<NoticeContent facts={facts({ PROVIDERS_ABROAD: 'hosting,mail' })} locale="en" />, 'en')
    expect(en).toContain('outside Turkey: the hosting provider and the e-mail provider.')
    expect(en).toContain('Article 9 KVKK')
    expect(en).not.toContain('not transferred abroad')
  })

  it('names the controller, the legal bases, the backups and the rights with how to use them', () => {
    const tr = text(<NoticeContent facts={facts()} locale="tr" />, 'tr')
    for (const part of [SITE.name, SITE.email, SITE.address.street, '5/2-(c)', '5/2-(f)', 'açık rızanız istenmez', 'yedek']) {
      expect(tr).toContain(part)
    }
    expect(tr).toContain('en geç otuz gün içinde')
    expect(tr.match(/ [a-zçğ]\) /g)).toHaveLength(9)
    const en = text(<NoticeContent facts={facts()} locale="en" />, 'en')
    for (const part of ['Article 5(2)(c)', 'Article 5(2)(f)', 'Under Article 11 KVKK', 'within thirty days', 'backup']) {
      expect(en).toContain(part)
    }
  })
})

describe('the cookie policy lists the cookies of this deployment', () => {
  it('shows the built-in session over plain http, its __Host- name over https, the sb- cookies with Supabase', () => {
    const names = (env: Record<string, string> = {}) => {
      overwriteGetLocale(() => 'en')
      const html = renderToStaticMarkup(withContent(<CookiePolicyContent facts={facts(env)} />, 'en'))
      return [...html.matchAll(/<code[^>]*>([^<]+)<\/code>/g)].map((match) => match[1])
    }
    expect(names()).toEqual(['PARAGLIDE_LOCALE', 'session', 'code-browser', 'passkey'])
    expect(names({ SITE_URL: 'https://www.example.com' })).toEqual([
      'PARAGLIDE_LOCALE',
      '__Host-session',
      '__Host-code-browser',
      '__Host-passkey',
    ])
    expect(names(SUPABASE)).toEqual([
      'PARAGLIDE_LOCALE',
      'sb-abcdefgh-auth-token',
      'sb-abcdefgh-auth-token.0',
      'sb-abcdefgh-auth-token.1',
      'code-browser',
      'passkey',
    ])
  })

  it('gives each cookie its lifetime and says it is strictly necessary', () => {
    const tr = text(<CookiePolicyContent facts={facts()} />, 'tr')
    expect(tr).toContain('400 gün')
    expect(tr).toContain(`En fazla ${LIMITS.auth.sessionMaxSeconds / 86400} gün`)
    expect(tr.match(/Zorunlu/g)?.length).toBeGreaterThanOrEqual(2)
    expect(text(<CookiePolicyContent facts={facts()} />, 'en')).toContain('Strictly necessary')
  })
})

describe('the head of a legal page', () => {
  it('names its address in each language, the Turkish one as the default, and its title in the language asked', () => {
    const head = legalPageHead('cookies', 'en', 'https://www.example.com')
    expect(head.meta).toContainEqual({ title: 'Cookie Policy | Pusula Dijital' })
    expect(head.links).toEqual([
      { rel: 'canonical', href: 'https://www.example.com/en/cookies' },
      { rel: 'alternate', hrefLang: 'tr', href: 'https://www.example.com/cerezler' },
      { rel: 'alternate', hrefLang: 'en', href: 'https://www.example.com/en/cookies' },
      { rel: 'alternate', hrefLang: 'x-default', href: 'https://www.example.com/cerezler' },
    ])
    const tr = legalPageHead('notice', 'tr', 'https://www.example.com')
    expect(tr.meta).toContainEqual({ title: 'KVKK Aydınlatma Metni | Pusula Dijital' })
    expect(tr.meta).toContainEqual({ property: 'og:url', content: 'https://www.example.com/kvkk' })
    expect(JSON.stringify(tr.meta)).toContain('Pusula Dijital olarak')
  })
})
