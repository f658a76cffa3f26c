import { createRouter } from '@tanstack/react-router'
import { deLocalizeUrl, localizeUrl } from './paraglide/runtime'
import { routeTree } from './routeTree.gen'
import { getCspNonce } from './lib/csp-nonce'

export function getRouter() {
  // The first render in the browser is the hydration of a document load, which the browser and
  // Start's inline scroll script have already placed (saved position, #hash or top). Restoring
  // again then would throw a reader who scrolled while the page's code loaded back to the top.
  let hydrated = false
  return createRouter({
    routeTree,
    scrollRestoration: () => {
      const restore = hydrated
      hydrated = true
      return restore
    },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    ssr: { nonce: getCspNonce() },
    // Paraglide owns the language prefix: /en/... is routed as /... with locale en.
    rewrite: {
      input: ({ url }) => deLocalizeUrl(url),
      output: ({ url }) => localizeUrl(url),
    },
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
