/**
 * A stand-in for the Realtime WebSocket in tests. It speaks just enough of the Phoenix
 * protocol (v2 JSON frames: [join_ref, ref, topic, event, payload]) to accept joins,
 * leaves and heartbeats, and lets a test push postgres_changes events to the client.
 */
type Frame = [string | null, string | null, string, string, Record<string, unknown>]

export class FakeSocket {
  static instances: FakeSocket[] = []

  readonly CONNECTING = 0
  readonly OPEN = 1
  readonly CLOSING = 2
  readonly CLOSED = 3
  readyState = 0
  protocol = ''
  binaryType = 'arraybuffer'
  readonly sent: Frame[] = []
  onopen: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null
  onclose: ((event: { code: number; reason: string }) => void) | null = null
  onerror: ((event: unknown) => void) | null = null

  readonly url: string

  constructor(address: string | URL) {
    this.url = String(address)
    FakeSocket.instances.push(this)
    setTimeout(() => {
      this.readyState = this.OPEN
      this.onopen?.({})
    }, 0)
  }

  static reset() {
    FakeSocket.instances = []
  }

  /** Frames sent on a topic with a given event (phx_join, phx_leave …). */
  sentEvents(event: string): Frame[] {
    return this.sent.filter((frame) => frame[3] === event)
  }

  send(data: string) {
    const frame = JSON.parse(data) as Frame
    this.sent.push(frame)
    const [joinRef, ref, topic, event, payload] = frame
    if (event === 'phx_join') {
      const config = payload.config as { postgres_changes: Record<string, unknown>[] }
      // The server answers each requested binding with an id that its events will carry.
      const postgres_changes = config.postgres_changes.map((filter, index) => ({ ...filter, id: index + 1 }))
      this.reply(joinRef, ref, topic, { postgres_changes })
    } else if (event === 'phx_leave' || event === 'heartbeat') {
      this.reply(joinRef, ref, topic, {})
    }
  }

  /** Delivers a postgres_changes event, as Realtime does after a committed write. */
  pushChange(topic: string, bindingIds: number[], data: Record<string, unknown>) {
    this.deliver([null, null, topic, 'postgres_changes', { ids: bindingIds, data }])
  }

  close(code = 1000, reason = '') {
    this.readyState = this.CLOSED
    setTimeout(() => this.onclose?.({ code, reason }), 0)
  }

  addEventListener() {}
  removeEventListener() {}

  private reply(joinRef: string | null, ref: string | null, topic: string, response: Record<string, unknown>) {
    setTimeout(() => this.deliver([joinRef, ref, topic, 'phx_reply', { status: 'ok', response }]), 0)
  }

  private deliver(frame: Frame) {
    this.onmessage?.({ data: JSON.stringify(frame) })
  }
}
