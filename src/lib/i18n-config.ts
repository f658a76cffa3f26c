// With its extension: scripts load this file in Node, which resolves no extension-less path.
import { LEGAL_PAGES } from './legal-pages.ts'

/** Paraglide options for vite.config.ts and scripts: Turkish at /, English at /en; admin follows the cookie. */

export const paraglideOptions = {
  project: './project.inlang',
  outdir: './src/paraglide',
  outputStructure: 'message-modules' as const,
  cookieName: 'PARAGLIDE_LOCALE',
  strategy: ['url', 'cookie', 'baseLocale'] as ('url' | 'cookie' | 'baseLocale')[],
  routeStrategies: [
    { match: '/_serverFn/:path(.*)?', strategy: ['cookie', 'baseLocale'] as ('cookie' | 'baseLocale')[] },
    { match: '/admin/:path(.*)?', strategy: ['cookie', 'baseLocale'] as ('cookie' | 'baseLocale')[] },
    { match: '/api/:path(.*)?', exclude: true as const },
    { match: '/uploads/:path(.*)?', exclude: true as const },
  ],
  urlPatterns: [
    {
      // Admin pages keep one address whatever the language.
      pattern: '/admin/:path(.*)?',
      localized: [
        ['tr', '/admin/:path(.*)?'],
        ['en', '/admin/:path(.*)?'],
      ] as [string, string][],
    },
    {
      pattern: '/',
      localized: [
        ['en', '/en'],
        ['tr', '/'],
      ] as [string, string][],
    },
    ...Object.values(LEGAL_PAGES).map(({ tr, en }) => ({
      pattern: tr,
      localized: [
        ['en', en],
        ['tr', tr],
      ] as [string, string][],
    })),
    {
      pattern: '/:path(.*)?',
      localized: [
        ['en', '/en/:path(.*)?'],
        ['tr', '/:path(.*)?'],
      ] as [string, string][],
    },
  ],
}
