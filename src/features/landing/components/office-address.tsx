import { usePageContent } from '../page-content-context'

/** The office's postal address, one line per row (site content). */
export function OfficeAddress({ className = '' }: { className?: string }) {
  const { contact } = usePageContent()
  return (
    <address className={`not-italic ${className}`}>
      {contact.addressLines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, in order
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  )
}
