import { SITE } from '~/lib/site-config'

/** The compass mark and the firm's name; `tone` follows the background it sits on. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const [first, ...rest] = SITE.name.split(' ')
  return (
    <span className="inline-flex items-center gap-2.5">
      <img
        src={SITE.logo.src}
        width={36}
        height={36}
        alt=""
        className={`size-9 shrink-0 rounded-[8px] ${tone === 'light' ? 'ring-1 ring-white/25' : ''}`}
      />
      <span className={`text-lg font-bold tracking-tight ${tone === 'dark' ? 'text-brand-900' : 'text-white'}`}>
        {first} <span className={tone === 'dark' ? 'text-teal-700' : 'text-teal-300'}>{rest.join(' ')}</span>
      </span>
    </span>
  )
}
