import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env.server'

const DATABASE_URL = 'postgres://pusula:secret@db.example.com:5432/pusula'

describe('backup variables', () => {
  it('snapshots every 6 hours into DATA_DIR/backups keeping 28, on in the embedded mode only', () => {
    expect(parseEnv({ DATA_DIR: '/srv/data' }).backups).toEqual({
      snapshots: true,
      intervalHours: 6,
      dir: '/srv/data/backups',
      keep: 28,
    })
    expect(parseEnv({ DATABASE_URL }).backups.snapshots).toBe(false)
    expect(parseEnv({ DATABASE_URL, BACKUP_SNAPSHOTS: 'on' }).backups.snapshots).toBe(true)
    expect(parseEnv({ BACKUP_SNAPSHOTS: 'off' }).backups.snapshots).toBe(false)
    expect(parseEnv({ BACKUP_INTERVAL_HOURS: '0.5', BACKUP_DIR: '/backups', BACKUP_KEEP: '3' }).backups).toMatchObject({
      intervalHours: 0.5,
      dir: '/backups',
      keep: 3,
    })
  })

  it.each([
    ['BACKUP_SNAPSHOTS', 'yes'],
    ['BACKUP_INTERVAL_HOURS', '0'],
    ['BACKUP_INTERVAL_HOURS', 'six'],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_KEEP', '2.5'],
  ])('stops at start naming %s=%s', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError)
    expect(() => parseEnv({ [name]: value })).toThrow(name)
  })
})
