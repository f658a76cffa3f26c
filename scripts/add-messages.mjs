// Adds or updates message keys in messages/tr.json and messages/en.json in one quick
// read-modify-write, so several people can add keys without clobbering each other.
// Usage: node scripts/add-messages.mjs path/to/new-keys.json
//   where new-keys.json is { "tr": { "key": "…" }, "en": { "key": "…" } }
import { readFileSync, writeFileSync } from 'node:fs'

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const trKeys = Object.keys(input.tr ?? {})
const enKeys = Object.keys(input.en ?? {})
const missing = trKeys.filter((k) => !enKeys.includes(k)).concat(enKeys.filter((k) => !trKeys.includes(k)))
if (missing.length) {
  console.error(`Every key needs both languages; missing a translation: ${missing.join(', ')}`)
  process.exit(1)
}
for (const locale of ['tr', 'en']) {
  const path = `messages/${locale}.json`
  const messages = JSON.parse(readFileSync(path, 'utf8'))
  Object.assign(messages, input[locale])
  writeFileSync(path, `${JSON.stringify(messages, null, 2)}\n`)
}
console.log(`added ${trKeys.length} keys to messages/tr.json and messages/en.json`)
