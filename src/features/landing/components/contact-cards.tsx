import { Mail, MapPin, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { m } from '~/paraglide/messages'
import { phoneHref } from '~/domain/site-content'
import { usePageContent } from '../page-content-context'
import { OfficeAddress } from './office-address'

function Card({
  icon,
  title,
  children,
  className = '',
}: {
  icon: ReactNode
  title: string
  children: ReactNode
  className?: string
}) {
  return (
    <li className={`flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}>
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        {icon}
      </span>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
        <div className="mt-1 text-lg font-medium break-words text-brand-900">{children}</div>
      </div>
    </li>
  )
}

const LINK =
  'rounded-sm hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

/** Phone, e-mail and the office address, as fixed text (docs/product.md#landing-page). */
export function ContactCards() {
  const { contact } = usePageContent()
  return (
    <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-1" data-testid="contact-cards">
      <Card icon={<Phone aria-hidden="true" className="size-6" strokeWidth={1.75} />} title={m.contact_phone_label()}>
        <a href={phoneHref(contact.phone)} className={LINK}>
          {contact.phone}
        </a>
      </Card>
      <Card icon={<Mail aria-hidden="true" className="size-6" strokeWidth={1.75} />} title={m.contact_email_label()}>
        <a href={`mailto:${contact.email}`} className={LINK}>
          {contact.email}
        </a>
      </Card>
      <Card
        icon={<MapPin aria-hidden="true" className="size-6" strokeWidth={1.75} />}
        title={m.contact_address_label()}
        className="md:col-span-2 lg:col-span-1"
      >
        <OfficeAddress className="text-base leading-relaxed" />
      </Card>
    </ul>
  )
}
