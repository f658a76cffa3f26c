import { FormField } from './form-field'
import { Input } from './input'

interface AddressFieldProps {
  /** The field's ids start with it: the control is `<id>-email`; `<id>-hint` describes it. */
  id: string
  label: string
  placeholder: string
  error?: string
  value: string
  onChange: (value: string) => void
}

/** One e-mail address staff type about someone else (an admin to add, a data subject to find): no
 * autofill or capitals, the label for screen readers only, beside its button. */
export function AddressField({ id, label, placeholder, error, value, onChange }: AddressFieldProps) {
  return (
    <FormField
      id={id}
      controlId={`${id}-email`}
      label={label}
      error={error}
      describedBy={`${id}-hint`}
      className="min-w-0 flex-1"
      labelClassName="sr-only"
    >
      {(aria) => (
        <Input
          {...aria}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  )
}
