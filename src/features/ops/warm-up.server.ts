/** The start's warm-up gate (decision 032). */
const KEY = Symbol.for('pusula.warmUp')
type WarmUp = { ended: boolean; whenEnded: Promise<void>; end: () => void }
const holder = globalThis as { [KEY]?: WarmUp }

/** The start's warm-up of this process (the inbox's and the statistics' queries), on globalThis:
 * the server plugin that runs it and the request pipeline that reports it are bundled apart.
 * /readyz waits for it, and so does the start's retention pass, so that neither the first lists
 * nor the warm-up queue behind it on PGlite's one thread (decision 032). */
export const startWarmUp = {
  /** Called as the warm-up begins; until then (no warm-up in this process) nothing waits. */
  begin(): void {
    let resolve = () => {}
    const warmUp: WarmUp = {
      ended: false,
      whenEnded: new Promise<void>((done) => {
        resolve = done
      }),
      end: () => {
        warmUp.ended = true
        resolve()
      },
    }
    holder[KEY] = warmUp
  },
  /** Whether it has ended, well or not; undefined where no warm-up began. */
  ended: (): boolean | undefined => holder[KEY]?.ended,
  whenEnded: (): Promise<void> => holder[KEY]?.whenEnded ?? Promise.resolve(),
  end: (): void => holder[KEY]?.end(),
}
