/** A browser and system name from a user agent, for the session list: the main families only (a
 * full parser would be a dependency for a label). Null where it cannot tell. */
export interface UserAgentSummary {
  browser: string | null
  system: string | null
  mobile: boolean
}

/** Checked in order: Edge, Opera and Samsung Internet also say "Chrome", and Chrome says "Safari". */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|OPiOS)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:\bHeadless|\b)(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//],
]

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
]

export function summarizeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const ua = userAgent ?? ''
  let browser: string | null = null
  for (const [name, pattern] of BROWSERS) {
    const match = ua.match(pattern)
    if (match) {
      browser = `${name} ${match[1]}`
      break
    }
  }
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? null
  return { browser, system, mobile: /\bMobi|\biPhone\b|\bAndroid\b/.test(ua) }
}
