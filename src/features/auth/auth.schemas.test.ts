import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { safeAdminRedirect } from './admin-redirect'
import { CODE_INPUT_MAX_LENGTH, CodeSchema, EmailSchema } from './auth.schemas'

describe('sign-in schemas', () => {
  it('trims the address and refuses empty or malformed ones', () => {
    expect(v.parse(EmailSchema, '  admin@example.com ')).toBe('admin@example.com')
    expect(v.safeParse(EmailSchema, '').success).toBe(false)
    expect(v.safeParse(EmailSchema, 'admin@').success).toBe(false)
    expect(v.safeParse(EmailSchema, `${'a'.repeat(250)}@example.com`).success).toBe(false)
  })

  it('takes a pasted code with spaces, and only digits of the right length', () => {
    expect(LIMITS.auth.codeLength).toBe(6)
    expect(v.parse(CodeSchema, '123 456')).toBe('123456')
    expect(v.parse(CodeSchema, ' 12 34 56 ')).toBe('123456')
    for (const bad of ['', '12345', '1234567', '12a456', '１２３４５６', '1'.repeat(CODE_INPUT_MAX_LENGTH + 1)]) {
      expect(v.safeParse(CodeSchema, bad).success, bad).toBe(false)
    }
  })
})

describe('safeAdminRedirect', () => {
  it('keeps admin paths and sends everything else to the inbox', () => {
    expect(safeAdminRedirect('/admin/messages?status=new')).toBe('/admin/messages?status=new')
    for (const target of [
      undefined,
      '',
      '/',
      'https://evil.example/admin/',
      '//evil.example',
      '/admin/login',
      '/administrator',
      '/admin/\\evil',
    ]) {
      expect(safeAdminRedirect(target), String(target)).toBe('/admin/messages')
    }
  })
})
