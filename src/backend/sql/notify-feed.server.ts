/** One process-wide LISTEN on a channel, fanned out to this process's subscribers: what the banner
 * feed and the inbox's live changes share. */
import { log } from '~/lib/log.server'
import type { SqlDatabase } from './client'

export interface NotifyFeed<T> {
  /** Tells every subscriber now (a payload heard, or this process's own change). */
  tell(value: T): void
  /** Starts listening (once); resolves when the database is heard. */
  listening(): Promise<void>
  /** Returns the unsubscribe function; subscribing one function twice needs two unsubscribes. */
  subscribe(listener: (value: T) => void): () => void
  close(): Promise<void>
}

export function createNotifyFeed<T>(
  db: SqlDatabase,
  options: {
    channel: string
    /** Names the feed in the log: `banners`, `inbox`. */
    label: string
    /** Turns a payload into what subscribers get, by calling `tell` (now, later, or not at all). */
    hear(payload: string, tell: (value: T) => void): void
  },
): NotifyFeed<T> {
  const listeners = new Set<(value: T) => void>()
  let stopListening: Promise<() => Promise<void>> | null = null

  function tell(value: T): void {
    for (const listener of [...listeners]) {
      try {
        listener(value)
      } catch (error) {
        log().error({ err: error }, `${options.label}: a change listener failed`)
      }
    }
  }

  function start(): Promise<() => Promise<void>> {
    if (!stopListening) {
      const started = db.listen(options.channel, (payload) => options.hear(payload, tell))
      stopListening = started
      started.catch((error: Error) => {
        log().warn({ err: error }, `${options.label}: cannot hear changes from the database`)
        if (stopListening === started) stopListening = null
      })
    }
    return stopListening
  }

  return {
    tell,
    async listening() {
      await start()
    },
    subscribe(listener) {
      const entry = (value: T) => listener(value)
      listeners.add(entry)
      start().catch(() => {})
      return () => {
        listeners.delete(entry)
      }
    },
    async close() {
      listeners.clear()
      const stop = await stopListening?.catch(() => null)
      stopListening = null
      await stop?.()
    },
  }
}

/** A feed of JSON payloads that `parse` checks; a malformed one is logged and dropped. */
export function createParsedFeed<T>(
  db: SqlDatabase,
  options: { channel: string; label: string; parse(payload: string): T | null },
): NotifyFeed<T> {
  return createNotifyFeed<T>(db, {
    channel: options.channel,
    label: options.label,
    hear(payload, tell) {
      const value = options.parse(payload)
      if (value) tell(value)
      else log().warn(`${options.label}: ignored a malformed notification`)
    },
  })
}

/** Subscribes and resolves once the channel is heard, so nothing sent after is missed. */
export async function subscribeHeard<T>(feed: NotifyFeed<T>, listener: (value: T) => void): Promise<() => void> {
  const unsubscribe = feed.subscribe(listener)
  try {
    await feed.listening()
  } catch (error) {
    unsubscribe()
    throw error
  }
  return unsubscribe
}
