/** The retention job and one person's data on PGlite, with the built-in sign-in (tests/backend/privacy.contract.ts). */
import { openTestBackend } from './embedded-harness'
import { describePrivacyContract } from './privacy.contract'

describePrivacyContract('PGlite (embedded)', async () => {
  const test = await openTestBackend()
  return { app: test.db, setup: test.db, builtinAuth: true, dispose: test.dispose }
})
