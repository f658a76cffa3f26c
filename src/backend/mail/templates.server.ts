/** Every mail's text, rendered at delivery in the admin's language (the code mail in both); plain
 * text only, so nothing a visitor wrote can become markup. */
import type { OwnerAlert } from '../backend'
import type { Locale } from '~/domain/locales'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { headerSafe, messageExcerpt } from './mail-rules'

export interface RenderedMail {
  subject: string
  text: string
  replyTo?: { name: string; address: string }
}

export function signInMail(code: string): RenderedMail {
  const minutes = Math.round(LIMITS.auth.codeTtlSeconds / 60)
  return {
    subject: 'Giriş kodunuz / Your sign-in code',
    text: [
      `Giriş kodunuz: ${code}`,
      `Bu kod ${minutes} dakika geçerlidir. Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.`,
      '',
      `Your sign-in code: ${code}`,
      `It is valid for ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
    ].join('\n'),
  }
}

export interface NotifiedMessage {
  id: string
  name: string
  email: string
  message: string
  createdAt: Date
}

/** The firm's clock, whoever reads the mail. */
const TIME_ZONE = 'Europe/Istanbul'

function formatDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'tr-TR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(date)
}

const sender = (message: Pick<NotifiedMessage, 'name' | 'email'>) => `${headerSafe(message.name)} <${message.email}>`

/** `/admin/messages?id=…` on `origin`; null without an origin (docs/decisions/090-mail.md). */
export function messageLink(origin: string | null, id: string): string | null {
  return origin ? `${origin}/admin/messages?id=${encodeURIComponent(id)}` : null
}

export function newMessageMail(message: NotifiedMessage, locale: Locale, origin: string | null): RenderedMail {
  const name = headerSafe(message.name)
  const link = messageLink(origin, message.id)
  return {
    subject: m.mail_new_message_subject({ name }, { locale }),
    replyTo: { name, address: message.email },
    text: [
      m.mail_new_message_intro({}, { locale }),
      '',
      m.mail_sender_line({ sender: sender(message) }, { locale }),
      m.mail_date_line({ date: formatDate(message.createdAt, locale) }, { locale }),
      '',
      messageExcerpt(message.message),
      '',
      ...(link ? [m.mail_open_message({}, { locale }), link] : [m.mail_open_inbox_no_link({}, { locale })]),
      '',
      '--',
      m.mail_reply_hint({}, { locale }),
      m.mail_settings_hint({}, { locale }),
    ].join('\n'),
  }
}

/** One mail for a flood: the first messages by sender and link, the count of the rest. */
export function digestMail(
  messages: readonly NotifiedMessage[],
  total: number,
  locale: Locale,
  origin: string | null,
): RenderedMail {
  const count = Math.max(total, messages.length)
  const lines = messages.flatMap((message) => {
    const link = messageLink(origin, message.id)
    return [`- ${sender(message)}, ${formatDate(message.createdAt, locale)}`, ...(link ? [`  ${link}`] : [])]
  })
  const more = count - messages.length
  return {
    subject: m.mail_digest_subject({ count }, { locale }),
    text: [
      m.mail_digest_intro({}, { locale }),
      '',
      ...lines,
      ...(more > 0 ? [m.mail_digest_more({ count: more }, { locale })] : []),
      '',
      ...(origin
        ? [m.mail_digest_open_inbox({}, { locale }), `${origin}/admin/messages?status=new`]
        : [m.mail_open_inbox_no_link({}, { locale })]),
      '',
      '--',
      m.mail_settings_hint({}, { locale }),
    ].join('\n'),
  }
}

/** A security alert to an owner: what happened, whom it concerns, nothing a visitor wrote. */
export function ownerAlertMail(alert: OwnerAlert, locale: Locale): RenderedMail {
  const email = headerSafe(alert.email)
  if (alert.kind === 'team_change') {
    const actor = headerSafe(alert.actor)
    const texts = {
      added: m.mail_owner_alert_team_added,
      removed: m.mail_owner_alert_team_removed,
      promoted: m.mail_owner_alert_team_promoted,
      demoted: m.mail_owner_alert_team_demoted,
      erased: m.mail_owner_alert_team_erased,
    }
    return {
      subject:
        alert.change === 'erased'
          ? m.mail_owner_alert_team_erased_subject({}, { locale })
          : m.mail_owner_alert_team_subject({ email }, { locale }),
      text: texts[alert.change]({ email, actor }, { locale }),
    }
  }
  if (alert.kind === 'large_export') {
    return {
      subject: m.mail_owner_alert_large_export_subject({ email, count: alert.count }, { locale }),
      text: m.mail_owner_alert_large_export_text({ email, count: alert.count }, { locale }),
    }
  }
  return {
    subject: m.mail_owner_alert_sign_in_failures_subject({ email }, { locale }),
    text: [
      m.mail_owner_alert_sign_in_failures_text({ email, count: alert.count }, { locale }),
      '',
      m.mail_owner_alert_sign_in_failures_hint({}, { locale }),
    ].join('\n'),
  }
}

/** A lead handed to a colleague: who handed it, the visitor and a link; never the visitor's text. */
export function leadAssignedMail(message: NotifiedMessage, by: string, locale: Locale, origin: string | null): RenderedMail {
  const name = headerSafe(message.name)
  const link = messageLink(origin, message.id)
  return {
    subject: m.mail_lead_assigned_subject({ name }, { locale }),
    text: [
      m.mail_lead_assigned_intro({ colleague: headerSafe(by) }, { locale }),
      '',
      m.mail_sender_line({ sender: sender(message) }, { locale }),
      m.mail_date_line({ date: formatDate(message.createdAt, locale) }, { locale }),
      '',
      ...(link ? [m.mail_open_message({}, { locale }), link] : [m.mail_open_inbox_no_link({}, { locale })]),
    ].join('\n'),
  }
}

/** A note that mentions a colleague: the note itself and a link to its lead. */
export function leadNoteMail(
  message: NotifiedMessage,
  by: string,
  note: string,
  locale: Locale,
  origin: string | null,
): RenderedMail {
  const name = headerSafe(message.name)
  const link = messageLink(origin, message.id)
  return {
    subject: m.mail_lead_note_subject({ colleague: headerSafe(by), name }, { locale }),
    text: [
      m.mail_lead_note_intro({ colleague: headerSafe(by) }, { locale }),
      '',
      messageExcerpt(note),
      '',
      m.mail_sender_line({ sender: sender(message) }, { locale }),
      ...(link ? ['', m.mail_open_message({}, { locale }), link] : ['', m.mail_open_inbox_no_link({}, { locale })]),
    ].join('\n'),
  }
}
