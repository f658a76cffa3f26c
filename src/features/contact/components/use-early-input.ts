import { type RefObject, useLayoutEffect } from 'react'

/**
 * Keeps what a visitor typed before the form hydrated. The page's code arrives after the first
 * paint (docs/decisions/014), so a quick visitor may already be typing into the server-rendered
 * fields; that text is in the DOM but not in the form's state, and the first render after
 * hydration would replace it with the state's empty value. The hydration commit copies it over
 * before that render.
 */
export function useEarlyInput<Name extends string>(
  form: RefObject<HTMLFormElement | null>,
  names: readonly Name[],
  keep: (name: Name, value: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the server-rendered fields can hold text the state lacks, so this runs once
  useLayoutEffect(() => {
    for (const name of names) {
      const field = form.current?.elements.namedItem(name)
      if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value) keep(name, field.value)
    }
  }, [])
}
