/** CSV that spreadsheet programs open as meant: UTF-8 with a byte-order mark (Excel then reads
 * Turkish letters right), CRLF line ends, every field quoted, and cells that a spreadsheet would
 * run as a formula (= + - @, tab, CR at the start) defused with a leading apostrophe (decision
 * 031). */

export const CSV_BOM = '\uFEFF'
export type CsvDelimiter = ',' | ';'

const FORMULA_START = /^[=+\-@\t\r]/

/** One field, quoted; a would-be formula is kept as text. */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return `"${text.replaceAll('"', '""')}"`
}

/** A whole file: BOM, one CRLF-terminated line per row. */
export function encodeCsv(
  rows: readonly (readonly (string | number | null | undefined)[])[],
  delimiter: CsvDelimiter = ',',
): string {
  return CSV_BOM + rows.map((row) => row.map(csvField).join(delimiter) + '\r\n').join('')
}

/** Spreadsheet-friendly local time, `yyyy-MM-dd HH:mm`, in the given IANA zone. */
export function formatCsvDate(iso: string | null, timeZone: string): string {
  if (!iso) return ''
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`
}
