/// <reference types="vite/client" />
import { HeadContent, Scripts, createRootRoute, lazyRouteComponent, useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useEffect } from 'react'
import { preload } from 'react-dom'
import { Toaster } from '~/components/ui/toaster'
import { useVisitBeacon } from '~/features/visits/use-visit-beacon'
import { m } from '~/paraglide/messages'
import { getLocale, setLocale } from '~/paraglide/runtime'
import interCopy from '~/assets/fonts/inter-copy-wght.woff2?url'
import interTurkish from '~/assets/fonts/inter-turkish-wght.woff2?url'
import appCss from '~/styles.css?url'

export const Route = createRootRoute({
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: m.meta_title() },
      { name: 'description', content: m.meta_description() },
      { name: 'theme-color', content: '#0f1f4d' },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
      { rel: 'manifest', href: '/site.webmanifest' },
    ],
  }),
  // Loaded only when a page is not found: the root route's code is part of every page.
  notFoundComponent: lazyRouteComponent(() => import('~/components/not-found'), 'NotFound'),
  shellComponent: RootDocument,
})

/** The two small font files that hold all of the copy (src/assets/fonts/inter-faces.css), preloaded
 * through React so that it writes them before the stylesheet (React puts font preloads ahead of
 * stylesheets; a `links` entry would come after it) (decision 191). */
function preloadCopyFonts() {
  for (const href of [interCopy, interTurkish]) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' })
}

function RootDocument({ children }: { children: ReactNode }) {
  preloadCopyFonts()
  useRememberLocale()
  useVisitBeacon(useRouterState({ select: (state) => state.location.pathname }))
  return (
    <html lang={getLocale()}>
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Toaster />
        <Scripts />
      </body>
    </html>
  )
}

/** Keeps the language cookie in step with the page being read, so server functions (which resolve
 * the caller's language from the cookie) answer in the same language. */
function useRememberLocale() {
  useEffect(() => {
    const locale = getLocale()
    if (!document.cookie.includes(`PARAGLIDE_LOCALE=${locale}`)) setLocale(locale, { reload: false })
  }, [])
}
