import type { ReactNode } from 'react'
import { m } from '~/paraglide/messages'
import { localizeHref } from '~/paraglide/runtime'

/** The sign-in steps' field labels (a shade lighter than the site's forms). */
export const LOGIN_LABEL = 'mb-1.5 block text-sm font-medium text-slate-700'

/** The sign-in screen's frame: a brand panel beside the card on wide screens, the card alone on phones. */
export function LoginLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh bg-slate-50 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-brand-900 text-white lg:flex lg:flex-col lg:justify-between lg:p-12">
        <BackdropPattern />
        <BrandMark inverted />
        <div className="relative max-w-md">
          <p className="text-sm font-semibold tracking-widest text-accent-500 uppercase">{m.login_panel_eyebrow()}</p>
          <p className="mt-4 text-3xl leading-tight font-semibold text-balance">{m.hero_alt()}</p>
          <p className="mt-4 text-base leading-relaxed text-slate-300">{m.meta_description()}</p>
        </div>
        <p className="relative text-sm text-slate-400">© {m.login_brand()}</p>
      </aside>
      <main className="flex flex-col items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-md">
          <div className="mb-8 flex justify-center lg:hidden">
            <BrandMark />
          </div>
          {children}
          <p className="mt-8 text-center text-sm">
            <a
              href={localizeHref('/')}
              className="rounded text-slate-500 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              ← {m.login_back_to_site()}
            </a>
          </p>
        </div>
      </main>
    </div>
  )
}

function BrandMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <div className="relative flex items-center gap-3">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-9">
        <rect width="32" height="32" rx="7" fill={inverted ? '#ffffff' : '#0f1f4d'} fillOpacity={inverted ? 0.08 : 1} />
        <path d="M16 5l4 11-4 11-4-11z" fill="#14b8a6" />
        <circle cx="16" cy="16" r="2.2" fill="#fff" />
      </svg>
      <span className={`text-lg font-semibold tracking-tight ${inverted ? 'text-white' : 'text-brand-900'}`}>
        {m.login_brand()}
      </span>
    </div>
  )
}

/** A faint compass-rose grid, drawn rather than shipped as an image. */
function BackdropPattern() {
  return (
    <svg aria-hidden="true" className="pointer-events-none absolute inset-0 size-full opacity-[0.07]">
      <defs>
        <pattern id="login-grid" width="48" height="48" patternUnits="userSpaceOnUse">
          <path d="M48 0H0v48" fill="none" stroke="white" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill="url(#login-grid)" />
      <circle cx="85%" cy="20%" r="220" fill="none" stroke="white" strokeWidth="1.5" />
      <circle cx="85%" cy="20%" r="140" fill="none" stroke="white" strokeWidth="1.5" />
    </svg>
  )
}
