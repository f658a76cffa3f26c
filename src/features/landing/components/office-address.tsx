import { ADDRESS_LINES } from '~/lib/site-config'

/** The Istanbul office's postal address, one line per row (site config). */
export function OfficeAddress({ className = '' }: { className?: string }) {
  return (
    <address className={`not-italic ${className}`}>
      {ADDRESS_LINES.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  )
}
