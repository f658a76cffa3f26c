/** The process's Prometheus registry, served by GET /metrics, and the pipeline's and event streams'
 * figures; docs/operations.md lists every metric. */
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

export const registry = new Registry()
// Process memory, CPU, event-loop lag and open handles: what tells a slow instance from a slow database.
collectDefaultMetrics({ register: registry })

export const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: "Time to each response's head, by route (a page, an API route, a server function's id) and status.",
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

export const openEventStreams = new Gauge({
  name: 'pusula_event_streams_open',
  help: 'Server-sent event streams open now, by feed (banner-events, inbox-events).',
  labelNames: ['stream'] as const,
  registers: [registry],
})
