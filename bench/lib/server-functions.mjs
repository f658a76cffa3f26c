// The production build's server functions: their ids, to call them as the browser does.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fromCrossJSON, toJSONAsync } from 'seroval'

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

/** Calls a server function as the browser does (seroval payload, same-origin headers): the response and its decoded result. */
export async function callServerFn(server, id, { method, data, cookie }) {
  const url = new URL(`/_serverFn/${id}`, server.url)
  const headers = { 'x-tsr-serverfn': 'true', 'sec-fetch-site': 'same-origin', origin: server.url, accept: 'application/json' }
  if (cookie) headers.cookie = cookie
  const payload = data === undefined ? undefined : JSON.stringify(await toJSONAsync({ data }))
  if (method === 'GET' && payload) url.searchParams.set('payload', payload)
  if (method === 'POST' && payload) headers['content-type'] = 'application/json'
  const res = await fetch(url, { method, headers, body: method === 'POST' ? payload : undefined })
  const text = await res.text()
  if (!res.ok) throw new Error(`${id}: HTTP ${res.status} ${text.slice(0, 300)}`)
  return { res, result: fromCrossJSON(JSON.parse(text), { refs: new Map() }).result }
}
