import { useEffect } from 'react'
import { isLocale, setLocale } from '~/paraglide/runtime'

export const MENU_BUTTON_ID = 'mobile-menu-button'
export const MENU_PANEL_ID = 'mobile-menu'
export const LANGUAGE_TOGGLE_ID = 'language-toggle'

/** A section counts as being read once its top has passed this line (just under the header). */
const READING_LINE_PX = 96

/**
 * The header's behaviour, on the HTML the server rendered (the header never hydrates, decision 013):
 * the phone menu, the link of the section being read (`trackSections`, the landing page) and the
 * language toggle, which leads to that section in the other language and remembers the choice.
 */
export function useSiteHeader({ trackSections }: { trackSections: boolean }): void {
  useEffect(() => {
    const button = document.getElementById(MENU_BUTTON_ID)
    const panel = document.getElementById(MENU_PANEL_ID)
    const toggle = document.getElementById(LANGUAGE_TOGGLE_ID)
    if (!(button && panel && toggle)) return
    const lifetime = new AbortController()
    const { signal } = lifetime
    menu(button, panel, signal)
    toggle.addEventListener(
      'click',
      () => {
        const locale = toggle.getAttribute('hreflang')
        if (isLocale(locale)) setLocale(locale, { reload: false })
      },
      { signal },
    )
    if (trackSections) followReading(toggle, signal)
    return () => lifetime.abort()
  }, [trackSections])
}

/** A button that opens the panel under the header. Escape or a click outside closes it and returns
 * focus to the button; following a link closes it too, as does a window grown past the phone layout. */
function menu(button: HTMLElement, panel: HTMLElement, signal: AbortSignal): void {
  const labels = [button.getAttribute('aria-label') ?? '', button.dataset.closeLabel ?? '']
  let whileOpen: AbortController | undefined
  const setOpen = (open: boolean) => {
    panel.hidden = !open
    button.setAttribute('aria-expanded', String(open))
    button.setAttribute('aria-label', labels[Number(open)] ?? '')
    whileOpen?.abort()
    if (!open) return
    panel.querySelector('a')?.focus()
    whileOpen = new AbortController()
    const options = { signal: whileOpen.signal }
    const close = () => {
      setOpen(false)
      button.focus()
    }
    const wide = window.matchMedia('(min-width: 1024px)')
    document.addEventListener('keydown', (event) => event.key === 'Escape' && close(), options)
    document.addEventListener(
      'pointerdown',
      (event) => {
        const target = event.target as Node
        if (!panel.contains(target) && !button.contains(target)) close()
      },
      options,
    )
    wide.addEventListener('change', () => wide.matches && setOpen(false), options)
  }
  button.addEventListener('click', () => setOpen(panel.hidden), { signal })
  panel.addEventListener('click', (event) => (event.target as Element).closest('a') && setOpen(false), { signal })
  signal.addEventListener('abort', () => whileOpen?.abort())
}

/** Marks the link of the section being read (the last one whose top has passed the line under the
 * fixed header; at the very bottom, the last section) and points the language toggle at it. */
function followReading(toggle: HTMLElement, signal: AbortSignal): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('header nav a[href^="#"]')]
  const ids = [...new Set(links.map((link) => link.hash.slice(1)))]
  const toggleHref = (toggle.getAttribute('href') ?? '').split('#')[0] ?? ''
  let shown = ids[0]
  let frame = 0
  const measure = () => {
    frame = 0
    const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4
    let reading = ids[0]
    for (const id of ids) {
      const top = document.getElementById(id)?.getBoundingClientRect().top
      if (top !== undefined && top <= READING_LINE_PX) reading = id
    }
    if (atBottom) reading = ids.at(-1)
    if (!reading || reading === shown) return
    shown = reading
    for (const link of links) {
      if (link.hash === `#${reading}`) link.setAttribute('aria-current', 'location')
      else link.removeAttribute('aria-current')
    }
    toggle.setAttribute('href', reading === ids[0] ? toggleHref : `${toggleHref}#${reading}`)
  }
  const onScroll = () => {
    if (!frame) frame = window.requestAnimationFrame(measure)
  }
  // The first measurement waits until the frame after hydration has been laid out: reading layout
  // before that would force the whole page's layout inside the hydration's own work.
  let first = 0
  const afterFrame = window.requestAnimationFrame(() => {
    first = window.setTimeout(measure)
  })
  window.addEventListener('scroll', onScroll, { passive: true, signal })
  window.addEventListener('resize', onScroll, { passive: true, signal })
  signal.addEventListener('abort', () => {
    window.cancelAnimationFrame(afterFrame)
    window.clearTimeout(first)
    window.cancelAnimationFrame(frame)
  })
}
