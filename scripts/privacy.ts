/**
 * One person's data (KVKK Article 11; docs/kvkk.md), on whichever backend the environment selects:
 *   npm run privacy -- export <email>        print everything the app holds naming the address, as JSON
 *   npm run privacy -- erase <email> --yes   erase all of it for good and record the request
 * Run through scripts/run-ts.mjs; on the embedded backend it needs the data folder to itself.
 * Exit codes: 0 done, 1 the backend could not be opened or the erasure was refused, 2 bad arguments.
 */
import { parsePrivacyArgs } from '~/backend/cli-args'
import { withBackendTools } from '~/backend/tools.server'
import { ERASED_KINDS, type ErasureResult } from '~/domain/privacy'

const REFUSALS = {
  self: 'An admin cannot erase their own address.',
  last_admin: 'This address is the only admin left: add another admin first (npm run users -- add <email> --admin).',
  last_owner: 'This address is the only owner left: make another admin an owner first (npm run users -- add <email> --owner).',
} as const

function summary(email: string, result: Extract<ErasureResult, { ok: true }>): string {
  const lines = ERASED_KINDS.map((kind) => `  ${kind}: ${result.counts[kind]}`)
  const head = result.total === 0 ? `Nothing named ${email}; the request is recorded.` : `Erased for ${email}:`
  const repeat = result.repeat ? '\nAn erasure of this address was recorded before.' : ''
  return `${head}\n${lines.join('\n')}${repeat}`
}

export default async function privacy(args: string[]): Promise<number> {
  const parsed = parsePrivacyArgs(args)
  if (!parsed.ok) {
    console.error(parsed.error)
    return 2
  }
  const { command, email } = parsed.value
  let refused = false
  const code = await withBackendTools(
    'privacy',
    async (tools) => {
      if (command === 'export') {
        console.log(JSON.stringify(await tools.privacy.exportData(email), null, 2))
        return
      }
      const result = await tools.privacy.erase(email, { via: 'cli' })
      if (!result.ok) {
        refused = true
        console.error(REFUSALS[result.reason])
        return
      }
      console.log(summary(email, result))
    },
    { label: 'stderr' },
  )
  return refused ? 1 : code
}
