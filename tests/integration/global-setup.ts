import { execFileSync } from 'node:child_process'
import { BUILD_CANARIES, INTEGRATION_OUTPUT_DIR } from './build'

/** Builds the production server once (when its inputs changed) for every integration test. */
export default function setup() {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], {
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite build React's development JSX runtime.
    env: { ...process.env, NODE_ENV: 'production', ...BUILD_CANARIES, OUTPUT_DIR: INTEGRATION_OUTPUT_DIR },
  })
}
