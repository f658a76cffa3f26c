/** Page views waiting to be stored in one multi-row INSERT every `intervalMs` or at `batchRows`
 * (docs/decisions/241-beacon-batches.md). At `maxRows` a view is refused, never dropped once taken. */
export interface QueuedView {
  id: string
  seconds: number | null
}

export interface ViewQueue<Row extends QueuedView> {
  /** False when the queue is full or closed: the view was not taken. */
  add(row: Row): boolean
  /** The waiting view with this id, to change before it is stored. */
  waiting(id: string): Row | undefined
  /** Resolves once every view added before the call is stored (or has failed to be). */
  flush(): Promise<void>
  /** Resolves once the INSERTs under way have ended, without starting one. */
  settled(): Promise<void>
  close(): Promise<void>
  size(): number
}

export interface ViewQueueOptions<Row> {
  insert: (rows: Row[]) => Promise<void>
  maxRows: number
  batchRows: number
  intervalMs: number
  onError: (error: unknown) => void
}

export function createViewQueue<Row extends QueuedView>(options: ViewQueueOptions<Row>): ViewQueue<Row> {
  const { insert, maxRows, batchRows, intervalMs, onError } = options
  let rows = new Map<string, Row>()
  let timer: ReturnType<typeof setTimeout> | null = null
  let chain: Promise<void> = Promise.resolve()
  let closed = false

  /** Takes what waits now, in INSERTs of at most batchRows; a failed batch waits again for the next turn. */
  async function store(): Promise<void> {
    const taken = [...rows.values()]
    rows = new Map()
    for (let at = 0; at < taken.length; at += batchRows) {
      const batch = taken.slice(at, at + batchRows)
      try {
        await insert(batch)
      } catch (error) {
        onError(error)
        // Back in front of what came meanwhile: accepted views are kept, even beyond maxRows.
        rows = new Map([...batch, ...taken.slice(at + batchRows)].map((row) => [row.id, row] as const).concat([...rows]))
        if (!closed) schedule()
        return
      }
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = null
    chain = chain.then(store)
    return chain
  }

  function schedule() {
    if (timer) return
    timer = setTimeout(() => void flush(), intervalMs)
    timer.unref?.()
  }

  return {
    add(row) {
      if (closed || rows.size >= maxRows) return false
      // As the INSERT's `on conflict do nothing`: the first view with an id is the one kept.
      if (rows.has(row.id)) return true
      rows.set(row.id, row)
      if (rows.size === batchRows) void flush()
      else schedule()
      return true
    },
    waiting: (id) => rows.get(id),
    flush,
    settled: () => chain,
    async close() {
      closed = true
      await flush()
    },
    size: () => rows.size,
  }
}
