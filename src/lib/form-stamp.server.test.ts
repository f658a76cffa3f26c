import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { issueFormStamp, loadFormStampKey, readFormStamp, resetFormStampKey } from './form-stamp.server'

const T0 = Date.parse('2026-11-27T10:00:00Z')

afterEach(resetFormStampKey)

describe('the form stamp (time trap)', () => {
  it('issues nothing before the key is loaded, and reads a missing stamp as missing', async () => {
    expect(issueFormStamp(T0)).toBe('')
    await loadFormStampKey(async () => randomBytes(32))
    expect(readFormStamp('', 3, T0)).toEqual({ kind: 'missing' })
  })

  it('reads its own stamp as too fast within the limit and as ok after it', async () => {
    await loadFormStampKey(async () => randomBytes(32))
    const stamp = issueFormStamp(T0)
    expect(readFormStamp(stamp, 3, T0 + 1_000)).toEqual({ kind: 'too_fast', ageSeconds: 1 })
    expect(readFormStamp(stamp, 3, T0 + 45_000)).toEqual({ kind: 'ok', ageSeconds: 45 })
  })

  it('takes a backdated, altered, foreign or future stamp for forged', async () => {
    const otherKey = randomBytes(32)
    await loadFormStampKey(async () => otherKey)
    const foreign = issueFormStamp(T0 - 60_000)
    resetFormStampKey()
    await loadFormStampKey(async () => randomBytes(32))
    const stamp = issueFormStamp(T0)
    const [, signature] = stamp.split('.')
    const backdated = `${(T0 - 600_000).toString(36)}.${signature}`
    expect(readFormStamp(backdated, 3, T0 + 1_000)).toEqual({ kind: 'forged' })
    expect(readFormStamp(foreign, 3, T0)).toEqual({ kind: 'forged' })
    expect(readFormStamp(`${stamp}x`, 3, T0 + 5_000)).toEqual({ kind: 'forged' })
    expect(readFormStamp('not a stamp', 3, T0)).toEqual({ kind: 'forged' })
    expect(readFormStamp(issueFormStamp(T0 + 3_600_000), 3, T0)).toEqual({ kind: 'forged' })
  })
})
