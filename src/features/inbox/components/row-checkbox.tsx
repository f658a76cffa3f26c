import { useEffect, useRef } from 'react'

/** A compact checkbox for table rows and the select-all header: the browser's own checkbox, named by
 * its label, under a drawn box that looks like the app's other checkboxes (Ark UI's) (decision
 * 140). */
export function RowCheckbox({
  checked,
  onChange,
  label,
}: {
  checked: boolean | 'indeterminate'
  onChange: (checked: boolean) => void
  label: string
}) {
  const input = useRef<HTMLInputElement>(null)
  // `indeterminate` is a property only: no attribute sets it.
  useEffect(() => {
    if (input.current) input.current.indeterminate = checked === 'indeterminate'
  }, [checked])
  const state = checked === true ? 'checked' : checked === 'indeterminate' ? 'indeterminate' : 'unchecked'
  return (
    // The row opens its message on a click: a click on the checkbox only ticks it. The keyboard
    // reaches the input itself, whose click (Space) stops here too.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the label only stops the click's way to the row
    <label className="group relative inline-flex cursor-pointer items-center p-1" onClick={(event) => event.stopPropagation()}>
      <input
        ref={input}
        type="checkbox"
        className="peer sr-only"
        checked={checked === true}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span
        aria-hidden="true"
        data-state={state}
        className="flex size-4 items-center justify-center rounded border border-slate-400 bg-white text-white transition-colors group-hover:border-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 data-[state=indeterminate]:border-brand-600 data-[state=indeterminate]:bg-brand-600"
      >
        {state === 'unchecked' ? null : (
          <svg
            className="size-3"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={3}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={state === 'checked' ? 'M20 6 9 17l-5-5' : 'M5 12h14'} />
          </svg>
        )}
      </span>
      <span className="sr-only">{label}</span>
    </label>
  )
}
