/**
 * The inbox search as a PostgREST `or` filter: a case-insensitive partial match on name,
 * e-mail or message, where every character the user types matches itself.
 *
 * Two grammars are in play. In the LIKE pattern, `%`, `_` and `\` are wildcards or the
 * escape, so they are backslash-escaped. In the `or=(…)` parameter, `,` `.` `:` `(` `)`
 * and `"` are syntax, so the whole pattern is double-quoted, with `\` and `"` escaped
 * inside the quotes (https://docs.postgrest.org/en/v12/references/api/url_grammar.html).
 */

export const SEARCH_COLUMNS = ['name', 'email', 'message'] as const

/** Makes LIKE's wildcards and escape character literal. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** A PostgREST filter value in double quotes, safe inside `or=(…)`. */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`
}

export function searchFilter(search: string): string {
  const literal = escapeLikePattern(search.replaceAll('\u0000', ''))
    // PostgREST turns every `*` of a like pattern into `%`, quoted or not, so a literal `*`
    // cannot be sent. `_` (any one character) is the closest match that never misses one.
    .replaceAll('*', '_')
  const value = quoteFilterValue(`%${literal}%`)
  return SEARCH_COLUMNS.map((column) => `${column}.ilike.${value}`).join(',')
}
