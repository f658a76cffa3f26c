// The production build's server functions: their ids, to call them as the browser does.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The server function's id in this build, as its RPC stub in the server output names it. */
export function functionId(outputDir, name) {
  const pattern = new RegExp(`createServerRpc\\(\\{\\s*id:\\s*"([0-9a-f]+)",\\s*name:\\s*"${name}",`)
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path)
      return entry.name.endsWith('.mjs') ? [path] : []
    })
  for (const file of walk(join(outputDir, 'server'))) {
    const match = readFileSync(file, 'utf8').match(pattern)
    if (match) return match[1]
  }
  throw new Error(`server function ${name} is not in ${outputDir}`)
}
