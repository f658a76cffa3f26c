import { paraglideVitePlugin } from '@inlang/paraglide-js'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig } from 'vite'
import { paraglideOptions } from './src/lib/i18n-config'

export default defineConfig({
  server: { port: 3000, host: '127.0.0.1' },
  resolve: { tsconfigPaths: true },
  plugins: [
    paraglideVitePlugin(paraglideOptions),
    tailwindcss(),
    tanstackStart({ srcDirectory: 'src' }),
    viteReact(),
    nitro({
      preset: 'node-server',
      // gzip and brotli siblings of every compressible asset, served by content negotiation.
      compressPublicAssets: { gzip: true, brotli: true },
      // PGlite loads its WASM and data files next to its own modules: ship the package whole.
      traceDeps: ['@electric-sql/pglite*'],
    }),
  ],
})
