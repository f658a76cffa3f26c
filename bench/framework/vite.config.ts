// The smallest TanStack Start app (one route, React, the router): the framework's own
// first-load JavaScript, measured by `npm run bench -- --only framework` beside the landing page.
import { fileURLToPath } from 'node:url'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  logLevel: 'warn',
  plugins: [
    tanstackStart({ srcDirectory: 'src' }),
    viteReact(),
    nitro({ preset: 'node-server', output: { dir: `${root}/../../.output-minimal` } }),
  ],
})
