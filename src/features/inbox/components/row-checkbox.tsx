import { Checkbox } from '@ark-ui/react/checkbox'
import { Check, Minus } from 'lucide-react'

/** A compact Ark UI checkbox for table rows and the select-all header. */
export function RowCheckbox({
  checked,
  onChange,
  label,
}: {
  checked: boolean | 'indeterminate'
  onChange: (checked: boolean) => void
  label: string
}) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      className="group inline-flex cursor-pointer items-center p-1"
      onClick={(event) => event.stopPropagation()}
    >
      <Checkbox.Control className="flex size-4 items-center justify-center rounded border border-slate-400 bg-white text-white transition-colors group-hover:border-brand-600 data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 data-[state=indeterminate]:border-brand-600 data-[state=indeterminate]:bg-brand-600 data-focus-visible:outline-2 data-focus-visible:outline-offset-2 data-focus-visible:outline-brand-600">
        <Checkbox.Indicator>
          <Check className="size-3" strokeWidth={3} aria-hidden="true" />
        </Checkbox.Indicator>
        <Checkbox.Indicator indeterminate>
          <Minus className="size-3" strokeWidth={3} aria-hidden="true" />
        </Checkbox.Indicator>
      </Checkbox.Control>
      <Checkbox.Label className="sr-only">{label}</Checkbox.Label>
      <Checkbox.HiddenInput />
    </Checkbox.Root>
  )
}
