/**
 * Manages who can sign in and who is an admin, on whichever backend the environment selects:
 *   npm run users -- add <email> [--admin|--owner]   create the account (if needed); --admin: on the
 *                                            admin list as 'Yönetici'; --owner: as 'Sahip'
 *   npm run users -- remove <email>          delete the account and its admin-list entry
 *   npm run users -- list                    every account and admin-list entry
 * Run through scripts/run-ts.mjs (the embedded backend's migrations are bundled by Vite).
 * On the embedded backend it needs the data folder to itself: stop the server first.
 */
import { parseUsersArgs } from '~/backend/cli-args'
import { type BackendTools, type UserListing, withBackendTools } from '~/backend/tools.server'

function printList(users: UserListing[]): void {
  if (users.length === 0) return console.log('No users.')
  for (const user of users) {
    const notes = [user.isAdmin ? 'admin' : 'not admin', user.hasAccount ? null : 'no account: cannot sign in']
    console.log(`${user.email}  (${notes.filter(Boolean).join(', ')})`)
  }
}

async function removeUser(tools: BackendTools, email: string): Promise<string> {
  const { removedUser, removedAdmin } = await tools.removeUser(email)
  if (!removedUser && !removedAdmin) return `No user or admin entry for ${email}.`
  return `Removed ${[removedUser && 'user', removedAdmin && 'admin entry'].filter(Boolean).join(' and ')} for ${email}.`
}

export default async function users(args: string[]): Promise<number> {
  const parsed = parseUsersArgs(args)
  if (!parsed.ok) {
    console.error(parsed.error)
    return 2
  }
  const cmd = parsed.value
  return withBackendTools('users', async (tools) => {
    if (cmd.command === 'list') return printList(await tools.listUsers())
    if (cmd.command === 'remove') return console.log(await removeUser(tools, cmd.email))
    const { created, isAdmin } = await tools.addUser(cmd.email, { admin: cmd.admin, owner: cmd.owner })
    console.log(`${created ? 'Created' : 'Found'} user ${cmd.email}; ${isAdmin ? 'on the admin list' : 'not an admin'}.`)
  })
}
