import type { SiteContent } from '~/domain/site-content'

export type Path = readonly (string | number)[]

/** A copy of `value` with the thing at `path` replaced; the rest shared. */
export function setAt<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T
  const [head, ...rest] = path
  if (Array.isArray(value)) {
    const copy = [...value]
    copy[head as number] = setAt(copy[head as number], rest, next)
    return copy as T
  }
  const record = value as Record<string, unknown>
  return { ...record, [head as string]: setAt(record[head as string], rest, next) } as T
}

export function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((current, key) => (current as Record<string | number, unknown> | undefined)?.[key], value)
}

/** The key the server's field errors use: `services.items.2.title.en`. */
export function pathKey(path: Path): string {
  return path.join('.')
}

/** The editor section a field error belongs to. */
export function sectionOf(key: string): keyof SiteContent {
  return key.split('.')[0] as keyof SiteContent
}

/** A new item's id: short, readable in URLs and test ids, unique within its list. */
export function newItemId(prefix: string, taken: readonly string[]): string {
  for (;;) {
    const id = `${prefix}-${Math.random().toString(36).slice(2, 8)}`
    if (!taken.includes(id)) return id
  }
}
