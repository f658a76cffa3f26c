/** The server's log (decision 130): pino's JSON lines, or pino-pretty's (LOG_FORMAT=pretty). */
import { AsyncLocalStorage } from 'node:async_hooks'
import pino from 'pino'
import pretty from 'pino-pretty'
import { EnvError, type ServerEnv, serverEnv } from './env.server'
import { LIMITS } from './limits'

export type Logger = pino.Logger

/** The request being answered, for the lines logged on its behalf. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>()

/** An error as the log keeps it: kind, message, code and stack; no other field (`detail` can quote a visitor's row). */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  const { code } = error as { code?: unknown }
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: error.stack,
    ...(error.cause !== undefined ? { cause: serializeError(error.cause) } : {}),
  }
}

export function createLogger(
  options: ServerEnv['log'],
  destination: pino.DestinationStream = options.format === 'pretty'
    ? prettyDestination()
    : batchedDestination(pino.destination({ fd: 1, sync: false })),
): Logger {
  return pino(
    {
      level: options.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
      mixin: () => {
        const scope = requestScope.getStore()
        return scope ? { reqId: scope.requestId } : {}
      },
    },
    destination,
  )
}

/** Destinations whose lines still wait for their write; written out when the process exits. */
const batching = new Set<() => void>()
let exitHook = false

/** Writes and flushes every destination's waiting lines, synchronously: what the process does at its exit. */
export function writePendingLines() {
  for (const flushAtExit of batching) flushAtExit()
}

/** Lines written together, at most `LIMITS.ops.logBatchMs` after the first of them: a write per
 * line, or even per event-loop turn, cost as much as a kept page's answer (decisions 146, 262). */
export function batchedDestination(
  target: { write(chunk: string): unknown; flushSync?(): void },
  { batchMs = LIMITS.ops.logBatchMs, batchChars = LIMITS.ops.logBatchChars }: { batchMs?: number; batchChars?: number } = {},
): pino.DestinationStream {
  let pending = ''
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    if (pending === '') return
    const chunk = pending
    pending = ''
    target.write(chunk)
  }
  batching.add(() => {
    flush()
    try {
      target.flushSync?.()
    } catch {
      // A destination that cannot flush now (still opening, or closed) keeps what it has.
    }
  })
  if (!exitHook) {
    exitHook = true
    process.on('exit', writePendingLines)
  }
  return {
    write(line: string) {
      pending += line
      if (pending.length >= batchChars) flush()
      // Unref'd: lines waiting for their write never keep the process alive; exit writes them.
      else if (timer === undefined) timer = setTimeout(flush, batchMs).unref()
    },
  }
}

/** Fields of the request line, which the pretty format writes on one line instead of one each. */
const REQUEST_FIELDS = ['method', 'path', 'route', 'status', 'durationMs', 'clientAddress']

/** `GET /en 200 25.7 ms 127.0.0.1 [id]` for a request; any other message with its request id. */
function prettyMessage(line: Record<string, unknown>, messageKey: string): string {
  const id = line.reqId ? ` [${String(line.reqId)}]` : ''
  if (line[messageKey] !== 'request') return `${String(line[messageKey] ?? '')}${id}`
  const { method, path, status, durationMs, clientAddress } = line
  return `${String(method)} ${String(path)} ${String(status)} ${String(durationMs)} ms ${String(clientAddress)}${id}`
}

/** pino-pretty in the process (no worker thread to bundle), a request on one line. */
export function prettyDestination(output: NodeJS.WritableStream = process.stdout): pino.DestinationStream {
  return pretty({
    sync: true,
    destination: output,
    colorize: output === process.stdout && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: `pid,hostname,reqId,${REQUEST_FIELDS.join(',')}`,
    messageFormat: prettyMessage,
  })
}

let cached: Logger | undefined

/** The process's logger; the environment's format and level (JSON at info when it is invalid: start-up says why). */
export function log(): Logger {
  if (cached) return cached
  let options: ServerEnv['log'] = { format: 'json', level: 'info' }
  try {
    options = serverEnv().log
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
  }
  cached = createLogger(options)
  return cached
}
