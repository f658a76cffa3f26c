/** The statistics ANALYZE keeps of the messages' two search columns, as the inbox's list reads them
 * to choose how to count a search (decisions 171, 172, 187 and 188), and the share of the messages
 * a substring is estimated to be in. */
import type { Sql } from './client'

/** What ANALYZE keeps of the stored search text: its most common values and a histogram of the rest. */
export interface SearchTextStats {
  common: { value: string; share: number }[]
  /** Values of the histogram, each standing for an equal part of the rows not among the common ones. */
  histogram: string[]
  /** The share of rows the histogram stands for (1 less the common values' and the NULLs'). */
  histogramShare: number
}

/** The share of messages whose search text contains `term`, estimated from the statistics as the
 * planner does for a LIKE: the common values that contain it, plus the histogram's share of them.
 * Undefined without statistics (a table never analyzed): then the planner decides alone. */
export function substringShare(stats: SearchTextStats, term: string): number | undefined {
  if (stats.common.length === 0 && stats.histogram.length === 0) return undefined
  const needles = [...new Set([term.toLocaleLowerCase('tr'), term.toLowerCase()])]
  const contains = (text: string) => needles.some((needle) => text.includes(needle))
  const common = stats.common.reduce((sum, entry) => sum + (contains(entry.value) ? entry.share : 0), 0)
  const histogram =
    stats.histogram.length === 0 ? 0 : (stats.histogram.filter(contains).length / stats.histogram.length) * stats.histogramShare
  return common + histogram
}

/** Bumped when the statistics were renewed after personal data left the tables
 * (analyzePersonalData): a message store then reads them again at its next search instead of
 * keeping the old samples, which hold the erased names and addresses, for the rest of its 10
 * minutes (decision 194). */
let generation = 0

export function forgetSearchStats(): void {
  generation++
}

export function searchStatsGeneration(): number {
  return generation
}

/** What ANALYZE keeps of the two search columns that the list's choices read. */
export interface SearchStats {
  text: SearchTextStats
  /** Shares of the most common word starts (lower case); a start not among them is rare. */
  wordStarts: Map<string, number>
}

/** Reads the search columns' statistics through private.message_search_stats() (migration
 * 20261130000000), which every mode's migrations create: pg_stats hides a table with row-level
 * security from the server's role in the postgres and Supabase modes (decision 187). */
export async function readSearchStats(tx: Sql): Promise<SearchStats> {
  const present = await tx.query<{ present: boolean }>(
    `select pg_catalog.to_regprocedure('private.message_search_stats()') is not null as present`,
  )
  const { rows } = present.rows[0]?.present
    ? await tx.query<{
        text_common: string[] | null
        text_shares: number[] | null
        text_histogram: string[] | null
        text_nulls: number | null
        start_common: (string | null)[] | null
        start_shares: number[] | null
      }>('select * from private.message_search_stats()')
    : { rows: [] }
  const row = rows[0]
  const shares = (row?.text_shares ?? []).map(Number)
  const starts = (row?.start_shares ?? []).map(Number)
  return {
    text: {
      common: (row?.text_common ?? []).map((value, i) => ({ value, share: shares[i] ?? 0 })),
      histogram: row?.text_histogram ?? [],
      histogramShare: Math.max(0, 1 - Number(row?.text_nulls ?? 0) - shares.reduce((sum, share) => sum + share, 0)),
    },
    // most_common_elem_freqs has three more numbers than there are elements (the smallest and
    // largest frequency, and the NULLs'): only the elements' own are paired.
    wordStarts: new Map(
      (row?.start_common ?? []).flatMap((start, i) => (start === null ? [] : [[start, starts[i] ?? 0] as const])),
    ),
  }
}
