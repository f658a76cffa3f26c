import { m } from '~/paraglide/messages'
import type { ContactResult } from '../contact-result'

/** The server-rendered answer to a form posted without JavaScript (`?contact=`). */
export function ContactNotice({ result }: { result: ContactResult }) {
  const ok = result === 'sent'
  const text = ok
    ? m.contact_success_description()
    : result === 'rate-limited'
      ? m.contact_rate_limited()
      : result === 'invalid'
        ? m.error_bad_request()
        : m.contact_error_description()
  return (
    <div
      role="status"
      data-testid="contact-notice"
      className={`mb-6 rounded-lg border p-4 ${ok ? 'border-emerald-300 bg-emerald-50' : 'border-red-300 bg-red-50'}`}
    >
      <p className="font-semibold text-slate-900">{ok ? m.contact_success_title() : m.contact_error_title()}</p>
      <p className="mt-1 text-sm text-slate-700">{text}</p>
    </div>
  )
}
