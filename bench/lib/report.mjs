// A bench run's figures: one Markdown table (measure, result, target) with the machine and the
// command, and the raw results as JSON, in bench-results/ (git-ignored).
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'

export function machine() {
  return `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`
}

/** Writes bench-results/NAME.md and NAME.json and prints the table. */
export function writeReport(name, { command, rows, results }) {
  const date = new Date().toISOString()
  const markdown = Object.values(results)
    .map((r) => r.markdown)
    .filter(Boolean)
    .join('\n')
  const report = [
    `Measured ${date} on ${machine()} with \`${command}\`.`,
    '',
    '| measure | result | target |',
    '|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    ...(markdown ? ['', markdown] : []),
    '',
  ].join('\n')
  mkdirSync('bench-results', { recursive: true })
  writeFileSync(`bench-results/${name}.md`, report)
  writeFileSync(`bench-results/${name}.json`, JSON.stringify({ date, machine: machine(), command, results }, null, 2))
  console.log(`\n${report}`)
}
