import { afterEach, describe, expect, it, vi } from 'vitest'
import { readUntil } from '../../tests/support/event-stream'
import { createEventStream, endEventStreams, eventStreamResponse } from './event-stream.server'
import { log } from './log.server'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('createEventStream', () => {
  it('sends the retry line, then what the source sends, and stops the source when the browser leaves', async () => {
    const stop = vi.fn()
    const abort = new AbortController()
    const reader = createEventStream({
      name: 'test',
      retryMs: 1234,
      heartbeatMs: 60_000,
      signal: abort.signal,
      start: async (sink) => {
        sink.send('hello', { n: 1 })
        return stop
      },
    }).getReader()
    expect(await readUntil(reader, 'event: hello')).toBe('retry: 1234\n\nevent: hello\ndata: {"n":1}\n\n')
    abort.abort()
    expect(await reader.read()).toEqual({ done: true, value: undefined })
    expect(stop).toHaveBeenCalledOnce()
  })

  it('ends every open stream as the server shuts down, and stops their sources', async () => {
    const stops = [vi.fn(), vi.fn()]
    const readers = stops.map((stop) =>
      createEventStream({ name: 'test', retryMs: 1000, heartbeatMs: 60_000, start: async () => stop }).getReader(),
    )
    for (const reader of readers) await readUntil(reader, 'retry')
    expect(endEventStreams()).toBe(2)
    for (const reader of readers) expect(await reader.read()).toEqual({ done: true, value: undefined })
    for (const stop of stops) expect(stop).toHaveBeenCalledOnce()
    // Ended streams are forgotten: a second shutdown call finds none.
    expect(endEventStreams()).toBe(0)
  })

  it('sends a heartbeat comment and ends after its lifetime', async () => {
    vi.useFakeTimers()
    const stop = vi.fn()
    const reader = createEventStream({
      name: 'test',
      retryMs: 1000,
      heartbeatMs: 10,
      lifetimeMs: 25,
      start: async () => stop,
    }).getReader()
    const text = readUntil(reader, 'never')
    await vi.advanceTimersByTimeAsync(30)
    expect(await text).toBe('retry: 1000\n\n: heartbeat\n\n: heartbeat\n\n')
    expect(stop).toHaveBeenCalledOnce()
  })

  it('stops a source that starts after the browser has left, and ends when the source fails', async () => {
    const stop = vi.fn()
    const abort = new AbortController()
    let resolve: (value: () => void) => void = () => {}
    const reader = createEventStream({
      name: 'test',
      retryMs: 1000,
      heartbeatMs: 60_000,
      signal: abort.signal,
      start: () => new Promise((r) => (resolve = r)),
    }).getReader()
    await readUntil(reader, 'retry')
    abort.abort()
    resolve(stop)
    await vi.waitFor(() => expect(stop).toHaveBeenCalledOnce())

    const warn = vi.spyOn(log(), 'warn').mockImplementation(() => {})
    const failing = createEventStream({
      name: 'test',
      retryMs: 1000,
      heartbeatMs: 60_000,
      start: async () => Promise.reject(new Error('down')),
    }).getReader()
    expect(await readUntil(failing, 'never')).toBe('retry: 1000\n\n')
    expect(warn).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'down' }), stream: 'test' },
      'cannot start the event stream',
    )
  })
})

describe('eventStreamResponse', () => {
  it('is an event stream that proxies neither cache, transform nor buffer', () => {
    const response = eventStreamResponse(new ReadableStream())
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
    })
  })
})
