import { describe, expect, it } from 'vitest'
import { parseLoginSearch } from './admin-redirect'

describe('parseLoginSearch (the login route’s ?redirect=)', () => {
  it('keeps text up to 512 characters', () => {
    expect(parseLoginSearch({ redirect: '/admin/team' } as never)).toEqual({ redirect: '/admin/team' })
    expect(parseLoginSearch({ redirect: `/admin/${'x'.repeat(505)}` } as never).redirect).toHaveLength(512)
  })

  it.each([[`/admin/${'x'.repeat(506)}`], [42], [null], [['/admin/team']], [undefined]])('drops %j', (redirect) => {
    expect(parseLoginSearch({ redirect } as never)).toEqual({ redirect: undefined })
  })
})
