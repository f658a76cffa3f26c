import { describe, expect, it } from 'vitest'
import { currentTableName } from './catalog.server'

describe('currentTableName (an archive’s table as it is called today)', () => {
  it('maps the built-in sign-in’s old schema to builtin_auth and leaves every other name alone', () => {
    expect(currentTableName('embedded_auth.users')).toBe('builtin_auth.users')
    expect(currentTableName('embedded_auth.otp_codes')).toBe('builtin_auth.otp_codes')
    expect(currentTableName('builtin_auth.users')).toBe('builtin_auth.users')
    expect(currentTableName('public.contact_messages')).toBe('public.contact_messages')
    expect(currentTableName('public.embedded_auth')).toBe('public.embedded_auth')
    expect(currentTableName('embedded_authx.users')).toBe('embedded_authx.users')
  })
})
