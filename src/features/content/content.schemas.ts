/**
 * What a save of the content editor carries, checked field by field: text only (markup is kept
 * as typed and shown as text), lengths from LIMITS, line breaks only where a paragraph allows
 * them, links only https://, a phone with digits. Used by the server functions and the tests.
 */
import * as v from 'valibot'
import { toBannerImageVariants } from '~/backend/banner-images'
import { CONTENT_ICONS, type SiteContent } from '~/domain/site-content'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'

const L = LIMITS.content

/** Control characters other than the line break never belong in the page's text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/g
const clean = (value: string) => value.replace(/\r\n?/g, '\n').replace(CONTROL, '')

function line(max: number = L.lineMax) {
  return v.pipe(
    v.string(() => m.error_bad_request()),
    v.transform((value) => clean(value).trim()),
    v.nonEmpty(() => m.content_error_required()),
    v.check(
      (value) => !value.includes('\n'),
      () => m.content_error_line_break(),
    ),
    v.maxLength(max, () => m.content_error_too_long({ max: String(max) })),
  )
}

function text(max: number = L.textMax) {
  return v.pipe(
    v.string(() => m.error_bad_request()),
    v.transform((value) => clean(value).trim()),
    v.nonEmpty(() => m.content_error_required()),
    v.maxLength(max, () => m.content_error_too_long({ max: String(max) })),
  )
}

function localized<T extends v.GenericSchema<string, string>>(field: T) {
  return v.object({ tr: field, en: field }, () => m.error_bad_request())
}

const HttpsUrl = v.pipe(
  line(L.urlMax),
  v.check(
    (value) => {
      try {
        return new URL(value).protocol === 'https:' && value.toLowerCase().startsWith('https://')
      } catch {
        return false
      }
    },
    () => m.content_error_https(),
  ),
)

const Id = v.pipe(
  v.string(() => m.error_bad_request()),
  v.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, () => m.error_bad_request()),
)

const Icon = v.picklist(CONTENT_ICONS, () => m.error_bad_request())

function items<T extends v.GenericSchema>(item: T) {
  return v.pipe(
    v.array(item, () => m.error_bad_request()),
    v.minLength(L.itemsMin, () => m.content_error_items({ min: String(L.itemsMin), max: String(L.itemsMax) })),
    v.maxLength(L.itemsMax, () => m.content_error_items({ min: String(L.itemsMin), max: String(L.itemsMax) })),
    v.check(
      (list) => new Set(list.map((entry) => (entry as { id: string }).id)).size === list.length,
      () => m.error_bad_request(),
    ),
  )
}

/** An industry's picture: an upload of this site (with its copies) or an https:// address. */
const IndustryImageSchema = v.nullable(
  v.pipe(
    v.object({ url: v.string(() => m.error_bad_request()), variants: v.optional(v.unknown()) }, () => m.error_bad_request()),
    v.check(
      ({ url }) => /^\/uploads\/[A-Za-z0-9._/-]{1,200}$/.test(url) && !url.includes('..'),
      () => m.content_error_image(),
    ),
    v.transform(({ url, variants }) => {
      const checked = toBannerImageVariants(variants)
      return checked ? { url, variants: checked } : { url }
    }),
  ),
)

export const SiteContentSchema = v.object(
  {
    about: v.object({
      title: localized(line()),
      intro: localized(text()),
      paragraph1: localized(text()),
      paragraph2: localized(text()),
      pillars: v.pipe(
        v.array(v.object({ title: localized(line()), text: localized(text()) }), () => m.error_bad_request()),
        v.length(3, () => m.error_bad_request()),
      ),
    }),
    services: v.object({
      title: localized(line()),
      subtitle: localized(text()),
      items: items(v.object({ id: Id, icon: Icon, title: localized(line()), text: localized(text()) })),
    }),
    industries: v.object({
      title: localized(line()),
      subtitle: localized(text()),
      items: items(v.object({ id: Id, name: localized(line()), description: localized(text()), image: IndustryImageSchema })),
    }),
    products: v.object({
      title: localized(line()),
      subtitle: localized(text()),
      items: items(v.object({ id: Id, icon: Icon, title: localized(line()), text: localized(text()) })),
    }),
    references: v.object({
      title: localized(line()),
      subtitle: localized(text()),
      items: items(v.object({ id: Id, text: localized(text()), role: localized(line()) })),
    }),
    contact: v.object({
      phone: v.pipe(
        line(40),
        v.check(
          (value) => /\d/.test(value) && /^[+\d\s().-]+$/.test(value),
          () => m.content_error_phone(),
        ),
      ),
      email: v.pipe(
        line(LIMITS.contact.emailMax),
        v.email(() => m.content_error_email()),
      ),
      addressLines: v.pipe(
        v.array(line(), () => m.error_bad_request()),
        v.minLength(L.addressLinesMin, () => m.content_error_required()),
        v.maxLength(L.addressLinesMax, () => m.error_bad_request()),
      ),
      linkedinUrl: HttpsUrl,
      legalName: line(),
    }),
    footer: v.object({
      description: localized(text()),
      copyrightYear: v.pipe(
        v.number(() => m.content_error_year({ min: String(L.yearMin), max: String(L.yearMax) })),
        v.integer(() => m.content_error_year({ min: String(L.yearMin), max: String(L.yearMax) })),
        v.minValue(L.yearMin, () => m.content_error_year({ min: String(L.yearMin), max: String(L.yearMax) })),
        v.maxValue(L.yearMax, () => m.content_error_year({ min: String(L.yearMin), max: String(L.yearMax) })),
      ),
    }),
    seo: v.object({ title: localized(line(L.seoTitleMax)), description: localized(text(L.seoDescriptionMax)) }),
  },
  () => m.error_bad_request(),
) satisfies v.GenericSchema<unknown, SiteContent>

/** Every problem of a save, keyed by its field's full path (`about.title.tr`, `services.items.2.text.en`). */
export function contentFieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? ''
    if (!(path in fields)) fields[path] = issue.message
  }
  return fields
}

// Bounded by the columns' types (integer, bigint): a larger number is a bad request, not a database error.
export const SaveDraftSchema = v.object({
  content: v.unknown(),
  baseRevision: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2_147_483_647)),
})
export const VersionIdSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
})
export const PreviewSchema = v.object({ locale: v.picklist(['tr', 'en']) })
