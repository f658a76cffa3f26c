import { type RefObject, useLayoutEffect } from 'react'

/** Keeps what a visitor typed before the form hydrated (decision 014). */
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
