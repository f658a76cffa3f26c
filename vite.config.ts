import { paraglideVitePlugin } from '@inlang/paraglide-js'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Plugin, defineConfig } from 'vite'
import { paraglideOptions } from './src/lib/i18n-config.ts'

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|seroval|seroval-plugins|cookie-es|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|react-store|store|start-client-core|react-start-client|start-storage-context))[\\/]/
/** The modules of the public pages' header and footer, with the header's copy, and the landing
 * page's small shared modules (each a file of its own in the first load otherwise). */
const SITE_FRAME =
  /src[\\/](features[\\/]landing[\\/](components[\\/](site-header|site-footer)\.tsx|page-content-context\.tsx|section-layout\.ts|use-site-header\.ts|banner-events\.client\.ts)|domain[\\/]banners\.ts|lib[\\/](early-clicks|legal-pages|server-html|site-config)\.ts|paraglide[\\/]messages[\\/]nav_[a-z0-9_]+\.js)$/

/**
 * V8's explicit compile hint (Chromium 136 and later) on the framework chunk: its functions are
 * compiled with the file, on the thread that streams it in, instead of one by one on the main
 * thread as the page starts and hydrates, which was much of the long tasks that make the landing
 * pages' Total Blocking Time (docs/decisions/013-first-load-javascript.md). The comment must be
 * the file's first line, so it goes in after Vite has put its preload map on top.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
function frameworkCompileHint(): Plugin {
  return {
    name: 'pusula:framework-compile-hint',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.name !== 'framework') continue
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`
        }
      },
    },
    // With BUILD_SOURCEMAP=1: one line more on top, so the map's lines move down by one (the map
    // file is written from a copy the chunk's code change does not reach).
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.name !== 'framework' || !options.dir) continue
        const file = join(options.dir, `${chunk.fileName}.map`)
        if (!existsSync(file)) continue
        const map = JSON.parse(readFileSync(file, 'utf8'))
        writeFileSync(file, JSON.stringify({ ...map, mappings: `;${map.mappings}` }))
      }
    },
  }
}

/**
 * The browser's build takes src/lib/locale-runtime.client.ts for Paraglide's compiled runtime: the
 * same exports for this site's addresses, without the generic URL matching every first load would
 * carry (decision 013). The server keeps the compiled runtime, which resolves each request's language.
 */
function clientLocaleRuntime(): Plugin {
  const runtime = fileURLToPath(new URL('./src/paraglide/runtime.js', import.meta.url))
  const slim = fileURLToPath(new URL('./src/lib/locale-runtime.client.ts', import.meta.url))
  return {
    name: 'pusula:client-locale-runtime',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (!/runtime(\.js)?$/.test(source) || importer === slim) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved?.id === runtime ? slim : null
    },
  }
}

/**
 * Vite's preload helper, cut to what this build asks of it (decision 013): with `modulePreload:
 * false`, a lazy chunk's only dependencies are its stylesheets (the stats chart's), and no code
 * listens for `vite:preloadError`. Vite's own helper is in every first load otherwise.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js'
const PRELOAD_HELPER_CODE = `const seen = {}
function stylesheet(href) {
  return (seen[href] ??= new Promise((resolve, reject) => {
    if (document.querySelector('link[rel=stylesheet][href="/' + href + '"]')) return resolve()
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = '/' + href
    link.onload = resolve
    link.onerror = () => reject(new Error('Unable to preload CSS for ' + href))
    document.head.appendChild(link)
  }))
}
export const __vitePreload = (load, deps) => (deps && deps.length ? Promise.all(deps.map(stylesheet)).then(load) : load())`
function lightPreloadHelper(): Plugin {
  return {
    name: 'pusula:light-preload-helper',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source) => (source === PRELOAD_HELPER ? PRELOAD_HELPER : null),
    load: (id) => (id === PRELOAD_HELPER ? PRELOAD_HELPER_CODE : null),
  }
}

export default defineConfig(({ command }) => ({
  server: { port: 3000, host: '127.0.0.1' },
  resolve: {
    tsconfigPaths: true,
    alias: [
      {
        find: /^@inlang\/paraglide-js\/urlpattern-polyfill$/,
        replacement: fileURLToPath(new URL('./src/lib/urlpattern-polyfill.ts', import.meta.url)),
      },
    ],
  },
  build: {
    // No preload helper in the framework chunk (~0.8 KB gzipped of every first load: the helper and
    // the list of every lazy chunk's imports). A lazy chunk's imports are then fetched once the
    // chunk itself has arrived: one round trip more for an island or the admin pages, none in the
    // first load, whose files the server's HTML lists (docs/decisions/013-first-load-javascript.md).
    modulePreload: false,
    // Fonts stay files (cacheable, and the CSP allows no data: fonts).
    assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
    // Bundle analysis only: BUILD_SOURCEMAP=1 npm run build
    sourcemap: process.env.BUILD_SOURCEMAP === '1',
    rolldownOptions: {
      onLog(level, log, handler) {
        // Ark UI's and React Query's "use client" markers mean nothing without server components.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return
        handler(level, log)
      },
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The framework's many small modules travel as one file: on a slow phone every extra
            // request in the first load costs a round trip. TanStack Query is not in it: only the
            // admin area uses it, and it arrives with the admin chunks.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  // With the public pages' header and footer, which the landing and legal pages
                  // share: in this file, not one of their own in the first load (decision 121).
                  test: new RegExp(`${FRAMEWORK.source}|${SITE_FRAME.source}`),
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    // In dev the plugin recompiles messages on change; builds and tests compile them first
    // in a process of their own (scripts/compile-messages.mjs) so `vite build` exits promptly.
    command === 'serve' && !process.env.VITEST ? paraglideVitePlugin(paraglideOptions) : null,
    clientLocaleRuntime(),
    lightPreloadHelper(),
    tailwindcss(),
    tanstackStart({ srcDirectory: 'src' }),
    viteReact(),
    frameworkCompileHint(),
    nitro({
      preset: 'node-server',
      plugins: [
        './src/server-plugins/validate-env.ts',
        './src/server-plugins/open-backend.ts',
        './src/server-plugins/warm-up.ts',
        './src/server-plugins/retention.ts',
        './src/server-plugins/close-backend.ts',
        './src/server-plugins/static-headers.ts',
        './src/server-plugins/visit-beacon.ts',
        './src/server-plugins/kept-page.ts',
      ],
      // OUTPUT_DIR lets several builds live side by side (parallel test runs, benchmarks).
      ...(process.env.OUTPUT_DIR
        ? { output: { dir: process.env.OUTPUT_DIR }, buildDir: `${process.env.OUTPUT_DIR}/.nitro-build` }
        : {}),
      // gzip and brotli siblings of every compressible asset, served by content negotiation.
      compressPublicAssets: { gzip: true, brotli: true },
      // PGlite loads its WASM and data files next to its own modules: ship the package whole.
      // SimpleWebAuthn's certificate code (tsyringe) needs its reflect-metadata import run first,
      // which bundling reorders: shipped whole, Node loads it in order (decision 233).
      traceDeps: ['@electric-sql/pglite*', '@simplewebauthn/server'],
    }),
  ],
}))
