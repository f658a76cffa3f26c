import { redirect } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import * as v from 'valibot'
import { getBackend } from '~/backend/get-backend.server'
import { isLocale, localizeHref } from '~/paraglide/runtime'
import type { NewContactMessage } from '~/domain/messages'
import { serverEnv } from '~/lib/env.server'
import { loadFormStampKey, readFormStamp } from '~/lib/form-stamp.server'
import { mailLinkOrigin } from '~/lib/mail-link-origin.server'
import { clientIp } from '~/lib/client-ip.server'
import { describeError } from '~/lib/app-error'
import { validate } from '~/lib/validate'
import type { ContactResult } from './contact-result'
import { type ContactSubmission, FORM_STAMP_FIELD, HONEYPOT_FIELD, parseContactSubmission } from './contact.schemas'
import { askAkismet } from './akismet.server'
import { askSpamd, outsideVerdict } from './spamd.server'
import { acceptContactMessage, contactLimiter } from './contact.server'
import { leadSourceOf } from '~/features/visits/lead-source.server'
import { requestOrigin } from '~/lib/forwarded.server'

async function store(data: ContactSubmission) {
  const backend = await getBackend()
  const env = serverEnv()
  const request = getRequest()
  // The admins' notifications link to the message on this origin (docs/decisions/090-mail.md).
  const context = { linkOrigin: mailLinkOrigin(request, env) }
  const leadSource = leadSourceOf(data.source, request.headers.get('referer'), requestOrigin(request, env))
  const messages = { create: (input: NewContactMessage) => backend.messages.create({ ...input, leadSource }, context) }
  await loadFormStampKey(() => backend.spam.stampKey())
  const stamp = readFormStamp(data[FORM_STAMP_FIELD], env.spam.minFillSeconds)
  const ip = clientIp()
  const { akismet, spamd } = env.spam
  const question = { ...data, ip, userAgent: request.headers.get('user-agent') ?? '' }
  const checks = [...(akismet ? [() => askAkismet(akismet, question)] : []), ...(spamd ? [() => askSpamd(spamd, question)] : [])]
  const outside = checks.length > 0 ? () => outsideVerdict(checks) : undefined
  return acceptContactMessage(data, ip, { messages, limiter: contactLimiter, spam: backend.spam, stamp, outside })
}

/** The form's submission with JavaScript: validate → rate-limit → store (no sign-in needed). */
export const submitContactMessage = createServerFn({ method: 'POST' })
  .validator(parseContactSubmission)
  .handler(async ({ data }): Promise<{ ok: true }> => {
    await store(data)
    return { ok: true }
  })

/** The same submission as a native form post, for browsers without JavaScript: the result comes back
 * as a 303 to the page (in the form's language) with `?contact=<result>`. */
export const submitContactForm = createServerFn({ method: 'POST' })
  // Anything but a form post is a client's mistake (a plain Error here was answered 500).
  .validator(validate(v.instance(FormData)))
  .handler(async ({ data }) => {
    const field = (name: string) => {
      const value = data.get(name)
      return typeof value === 'string' ? value : ''
    }
    const locale = field('locale')
    let result: ContactResult = 'sent'
    try {
      const fields = ['name', 'email', 'message', HONEYPOT_FIELD, FORM_STAMP_FIELD].map((name) => [name, field(name)])
      await store(parseContactSubmission({ ...Object.fromEntries(fields), locale: isLocale(locale) ? locale : undefined }))
    } catch (error) {
      const { status } = describeError(error)
      result = status === 429 ? 'rate-limited' : status === 400 ? 'invalid' : 'failed'
    }
    const path = localizeHref(`/?contact=${result}`, { locale: isLocale(locale) ? locale : 'tr' })
    throw redirect({ href: `${path}#contact`, statusCode: 303 })
  })
