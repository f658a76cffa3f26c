import { useEffect, useRef, useState } from 'react'
import { m } from '~/paraglide/messages'
import type { SectionId } from '../landing.sections'
import { NavLinks } from './nav-links'

const PANEL_ID = 'mobile-menu'

/** The small-screen menu: a button that opens a panel under the header. Escape or a click outside
 * closes it and returns focus to the button; following a link closes it too. */
export function MobileMenu({ active, home }: { active: SectionId | null; home: string }) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    panel.current?.querySelector<HTMLElement>('a')?.focus()
    const close = () => {
      setOpen(false)
      button.current?.focus()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close()
    }
    const wide = window.matchMedia('(min-width: 1024px)')
    const onWide = () => wide.matches && setOpen(false)
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    wide.addEventListener('change', onWide)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
      wide.removeEventListener('change', onWide)
    }
  }, [open])

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        aria-label={open ? m.nav_menu_close() : m.nav_menu_open()}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex size-11 items-center justify-center rounded-md text-brand-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 lg:hidden"
      >
        <MenuIcon open={open} />
      </button>
      <div
        ref={panel}
        id={PANEL_ID}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg lg:hidden"
      >
        <nav aria-label={m.nav_label()}>
          <NavLinks active={active} home={home} variant="panel" onNavigate={() => setOpen(false)} />
        </nav>
      </div>
    </>
  )
}

/** Lucide's "menu" and "x" drawn inline: the button hydrates with the page, and lucide's shared icon
 * code (1.7 KB gzip) would otherwise join the first load for two icons. The sections' icons stay
 * lucide's: their code arrives only when a section needs it. */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      className="size-6"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={open ? 'M18 6 6 18M6 6l12 12' : 'M4 5h16M4 12h16M4 19h16'} />
    </svg>
  )
}
