// Compiles messages/*.json into src/paraglide with the app's Paraglide options.
// It runs in its own process and exits when done: Paraglide's project loader leaves
// 30-second timers behind (inside @lix-js/sdk's WASM engine) that would otherwise keep
// `vite build` idling after it has finished. See docs/decisions/001-foundation.md.
import { compile } from '@inlang/paraglide-js'
import { paraglideOptions } from '../src/lib/i18n-config.ts'

const started = Date.now()
await compile(paraglideOptions)
console.log(`[paraglide] compiled messages in ${Date.now() - started} ms`)
process.exit(0)
