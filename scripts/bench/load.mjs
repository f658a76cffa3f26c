// Requests per second and latency of a URL under concurrent load (autocannon).
import autocannon from 'autocannon'

export async function load(url, { connections = 50, duration = 10 } = {}) {
  const result = await autocannon({ url, connections, duration })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}
