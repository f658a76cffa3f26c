import { describe, expect, it } from 'vitest'
import { passkeyName, passkeyStep } from './passkeys'

describe('passkeyStep', () => {
  it('asks a member with a passkey to verify until this browser proved it', () => {
    expect(passkeyStep({ hasPasskey: true, proven: false }, false)).toBe('verify')
    expect(passkeyStep({ hasPasskey: true, proven: false }, true)).toBe('verify')
    expect(passkeyStep({ hasPasskey: true, proven: true }, true)).toBeNull()
  })

  it('asks a member without one to add one only when STAFF_PASSKEY_REQUIRED', () => {
    expect(passkeyStep({ hasPasskey: false, proven: false }, false)).toBeNull()
    expect(passkeyStep({ hasPasskey: false, proven: false }, true)).toBe('enroll')
  })
})

describe('passkeyName', () => {
  it('names a passkey after the browser and system that added it', () => {
    const mac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
    const edge = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0'
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36'
    expect(passkeyName(mac)).toBe('Safari · macOS')
    expect(passkeyName(edge)).toBe('Edge · Windows')
    expect(passkeyName(android)).toBe('Chrome · Android')
    expect(passkeyName(null)).toBe('Passkey')
  })
})
