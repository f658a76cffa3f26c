/**
 * The MDN HTTP Observatory's scoring rules (https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring),
 * applied to the headers a response carries. The scanner itself cannot be installed here (it
 * needs libpq to build pg-native), so the tests score our headers with the same rules.
 * Each test yields one result with its score modifier; the grade comes from 100 + the sum.
 */
export interface ScoredResult {
  test: string
  result: string
  modifier: number
}

export interface ScanInput {
  /** Headers of the page's response, lower-cased names. */
  headers: Headers
  /** Set-Cookie lines of a response that starts a session. */
  sessionCookies: string[]
  /** The page's HTML, for the subresource-integrity test. */
  html: string
  /** True when the site is served over https (behind the TLS proxy of a deployment). */
  https: boolean
}

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) map.set(name.toLowerCase(), values)
  }
  return map
}

export function scoreCsp(header: string | null): ScoredResult {
  const test = 'content-security-policy'
  if (!header) return { test, result: 'csp-not-implemented', modifier: -25 }
  const csp = directives(header)
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? []
  const styleSrc = csp.get('style-src') ?? csp.get('default-src') ?? []
  const strictDynamic = scriptSrc.includes("'strict-dynamic'")
  const hasNonceOrHash = scriptSrc.some((v) => v.startsWith("'nonce-") || v.startsWith("'sha"))
  const unsafeInlineScript = scriptSrc.includes("'unsafe-inline'") && !(hasNonceOrHash || strictDynamic)
  const unsafeEval = scriptSrc.includes("'unsafe-eval'")
  const insecureScheme = scriptSrc.some((v) => v === 'http:' || v === '*' || v.startsWith('http://'))
  if (unsafeInlineScript) return { test, result: 'csp-implemented-with-unsafe-inline', modifier: -20 }
  if (unsafeEval) return { test, result: 'csp-implemented-with-unsafe-eval', modifier: -10 }
  if (insecureScheme) return { test, result: 'csp-implemented-with-insecure-scheme', modifier: -20 }
  if (!csp.has('object-src') && !(csp.get('default-src') ?? []).includes("'none'")) {
    return { test, result: 'csp-implemented-but-object-src-not-restricted', modifier: -5 }
  }
  if ((csp.get('default-src') ?? []).includes("'none'")) {
    return { test, result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 }
  }
  if (styleSrc.includes("'unsafe-inline'")) {
    return { test, result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0 }
  }
  return { test, result: 'csp-implemented-with-no-unsafe', modifier: 5 }
}

export function scoreCookies(lines: string[], https: boolean): ScoredResult {
  const test = 'cookies'
  if (lines.length === 0) return { test, result: 'cookies-not-found', modifier: 0 }
  const attrs = lines.map((line) =>
    line
      .toLowerCase()
      .split(';')
      .map((p) => p.trim()),
  )
  const secure = attrs.every((a) => a.includes('secure'))
  const httpOnly = attrs.every((a) => a.includes('httponly'))
  const sameSite = attrs.every((a) => a.some((p) => p === 'samesite=lax' || p === 'samesite=strict'))
  if (!secure)
    return {
      test,
      result: https ? 'cookies-without-secure-flag' : 'cookies-session-without-secure-flag',
      modifier: https ? -20 : -40,
    }
  if (!httpOnly) return { test, result: 'cookies-session-without-httponly-flag', modifier: -30 }
  if (!sameSite) return { test, result: 'cookies-secure-with-httponly-sessions', modifier: 0 }
  return { test, result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 }
}

export function scoreHsts(header: string | null, https: boolean): ScoredResult {
  const test = 'strict-transport-security'
  if (!https) return { test, result: 'hsts-not-implemented-no-https', modifier: -20 }
  if (!header) return { test, result: 'hsts-not-implemented', modifier: -20 }
  const maxAge = Number(header.match(/max-age=(\d+)/i)?.[1] ?? 0)
  if (maxAge < 15_768_000) return { test, result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 }
  return { test, result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 }
}

export function scoreNosniff(header: string | null): ScoredResult {
  const test = 'x-content-type-options'
  return header?.trim().toLowerCase() === 'nosniff'
    ? { test, result: 'x-content-type-options-nosniff', modifier: 0 }
    : { test, result: 'x-content-type-options-not-implemented', modifier: -5 }
}

export function scoreFraming(xfo: string | null, csp: string | null): ScoredResult {
  const test = 'x-frame-options'
  const ancestors = csp ? directives(csp).get('frame-ancestors') : undefined
  if (ancestors && (ancestors.includes("'none'") || ancestors.includes("'self'"))) {
    return { test, result: 'x-frame-options-implemented-via-csp', modifier: 5 }
  }
  const value = xfo?.trim().toUpperCase()
  if (value === 'DENY' || value === 'SAMEORIGIN') return { test, result: 'x-frame-options-sameorigin-or-deny', modifier: 0 }
  return { test, result: 'x-frame-options-not-implemented', modifier: -20 }
}

export function scoreReferrer(header: string | null): ScoredResult {
  const test = 'referrer-policy'
  const value = header?.split(',').at(-1)?.trim().toLowerCase()
  const privateValues = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']
  if (!value) return { test, result: 'referrer-policy-not-implemented', modifier: 0 }
  if (privateValues.includes(value)) return { test, result: 'referrer-policy-private', modifier: 5 }
  if (value === 'unsafe-url' || value === 'no-referrer-when-downgrade')
    return { test, result: 'referrer-policy-unsafe', modifier: -5 }
  return { test, result: 'referrer-policy-no-referrer-when-downgrade', modifier: 0 }
}

export function scoreSri(html: string): ScoredResult {
  const test = 'subresource-integrity'
  const external = [...html.matchAll(/<script\b[^>]*\bsrc="(https?:)?\/\/[^"]+"[^>]*>/g)]
  if (external.length === 0) return { test, result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0 }
  const withoutIntegrity = external.filter((m) => !/\bintegrity=/.test(m[0]))
  return withoutIntegrity.length === 0
    ? { test, result: 'sri-implemented-and-external-scripts-loaded-securely', modifier: 5 }
    : { test, result: 'sri-not-implemented-and-external-scripts-loaded-securely', modifier: -5 }
}

export function scoreCorp(header: string | null): ScoredResult {
  const test = 'cross-origin-resource-policy'
  const value = header?.trim().toLowerCase()
  if (value === 'same-origin' || value === 'same-site') return { test, result: 'corp-implemented-with-same-origin', modifier: 0 }
  if (value === 'cross-origin') return { test, result: 'corp-implemented-with-cross-origin', modifier: 0 }
  return { test, result: 'corp-not-implemented', modifier: 0 }
}

export function scoreCors(header: string | null): ScoredResult {
  const test = 'cross-origin-resource-sharing'
  return header?.trim() === '*'
    ? { test, result: 'cors-implemented-with-universal-access', modifier: -50 }
    : { test, result: 'cors-not-implemented', modifier: 0 }
}

export function scan(input: ScanInput): { score: number; grade: string; results: ScoredResult[] } {
  const h = input.headers
  const csp = h.get('content-security-policy')
  const results = [
    scoreCsp(csp),
    scoreCookies(input.sessionCookies, input.https),
    scoreCors(h.get('access-control-allow-origin')),
    scoreHsts(h.get('strict-transport-security'), input.https),
    scoreSri(input.html),
    scoreNosniff(h.get('x-content-type-options')),
    scoreFraming(h.get('x-frame-options'), csp),
    scoreReferrer(h.get('referrer-policy')),
    scoreCorp(h.get('cross-origin-resource-policy')),
  ]
  // Bonuses count only when nothing failed, as the Observatory does.
  const penalties = results.filter((r) => r.modifier < 0).reduce((n, r) => n + r.modifier, 0)
  const bonuses = results.filter((r) => r.modifier > 0).reduce((n, r) => n + r.modifier, 0)
  const score = Math.max(0, 100 + penalties + (penalties === 0 ? bonuses : 0))
  return { score, grade: grade(score), results }
}

export function grade(score: number): string {
  const table: [number, string][] = [
    [100, 'A+'],
    [90, 'A'],
    [85, 'A-'],
    [80, 'B+'],
    [70, 'B'],
    [65, 'B-'],
    [60, 'C+'],
    [50, 'C'],
    [45, 'C-'],
    [40, 'D+'],
    [30, 'D'],
    [25, 'D-'],
  ]
  return table.find(([min]) => score >= min)?.[1] ?? 'F'
}
