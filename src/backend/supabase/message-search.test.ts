import { describe, expect, it } from 'vitest'
import { escapeLikePattern, quoteFilterValue, searchFilter } from './message-search.server'

/** Splits `a,b,c` on the commas PostgREST treats as separators (those outside quotes). */
function splitConditions(filter: string): string[] {
  const parts: string[] = []
  let current = ''
  let quoted = false
  for (let i = 0; i < filter.length; i++) {
    const c = filter[i]!
    if (quoted && c === '\\') {
      current += c + filter[++i]
      continue
    }
    if (c === '"') quoted = !quoted
    if (c === ',' && !quoted) {
      parts.push(current)
      current = ''
    } else current += c
  }
  return [...parts, current]
}

/** PostgREST's quoted value: `"` (any char but `\` or `"`, or `\` + any char)* `"`. */
function unquote(value: string): string {
  expect(value.startsWith('"') && value.endsWith('"')).toBe(true)
  return value.slice(1, -1).replace(/\\(.)/g, '$1').replaceAll('*', '%') // PostgREST's * → %
}

const literal = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** Postgres ILIKE with the default `\` escape, as a RegExp. */
function likeToRegExp(pattern: string): RegExp {
  let source = ''
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (c === '\\') source += literal(pattern[++i] ?? '')
    else if (c === '%') source += '.*'
    else if (c === '_') source += '.'
    else source += literal(c)
  }
  return new RegExp(`^${source}$`, 'is')
}

const TRICKY = [
  '100%',
  'a_b',
  'C:\\path\\file',
  'say "hi"',
  '"',
  '\\"',
  'x,y',
  'f(x)',
  ')',
  '(',
  'a.b',
  'name.eq.x',
  'or=(a',
  // An attempt to close the quoted value and add conditions of its own.
  'x",message.not.is.null,name.ilike."y',
  'x\\",id.gt.0,email.ilike.\\"y',
  '5*3',
  'İstanbul',
  'ılık',
  '🚀 launch',
  '👍🏽',
]

describe('searchFilter', () => {
  it.each(TRICKY)('matches %j literally in each column, as PostgREST and Postgres read it', (search) => {
    const conditions = splitConditions(searchFilter(search))
    expect(conditions).toHaveLength(3)
    for (const [index, column] of ['name', 'email', 'message'].entries()) {
      const prefix = `${column}.ilike.`
      expect(conditions[index]!.startsWith(prefix)).toBe(true)
      const like = likeToRegExp(unquote(conditions[index]!.slice(prefix.length)))
      expect(like.test(`before ${search} after`)).toBe(true)
      expect(like.test('before after')).toBe(false)
    }
  })

  it('does not let % or _ act as wildcards', () => {
    const like = likeToRegExp(unquote(splitConditions(searchFilter('1%_2'))[0]!.slice('name.ilike.'.length)))
    expect(like.test('1%_2')).toBe(true)
    expect(like.test('1xyz2')).toBe(false)
  })

  it('escapes LIKE and quoting characters', () => {
    expect(escapeLikePattern(String.raw`%_\a`)).toBe(String.raw`\%\_\\a`)
    expect(quoteFilterValue(String.raw`a"b\c`)).toBe(String.raw`"a\"b\\c"`)
  })
})
