import type { ReactNode } from 'react'

/** What a field's control spreads on itself to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

const LABEL = 'mb-1.5 block text-sm font-medium text-slate-800'

interface FormFieldProps {
  /** The field's ids start with it: the hint is `<id>-hint`, the error `<id>-error`. */
  id: string
  /** The control's id, when it is not `id` itself. */
  controlId?: string
  label: ReactNode
  /** The problem to show under the control; none while the value is fine. */
  error?: string
  /** Help under the control, read after the label; left out, nothing is rendered. */
  hint?: ReactNode
  hintClassName?: string
  /** Ids of descriptions outside the field, read after its hint and error. */
  describedBy?: string
  className?: string
  labelClassName?: string
  /** The control, given its id and ARIA attributes. */
  children: (control: FieldControlProps) => ReactNode
  /** More about the field, after its error. */
  after?: ReactNode
}

/** A label, its control, an optional hint and the control's error; ids tie them together for assistive tech. */
export function FormField({
  id,
  controlId = id,
  label,
  error,
  hint,
  hintClassName,
  describedBy,
  className,
  labelClassName = LABEL,
  children,
  after,
}: FormFieldProps) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const described = [hint ? hintId : null, error ? errorId : null, describedBy].filter(Boolean).join(' ')
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClassName}>
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint ? (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      ) : null}
      {/* role="alert": screen readers announce the error as it appears. */}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {after}
    </div>
  )
}

/** The first message of a TanStack Form field's errors (strings or Standard Schema issues). */
export function firstError(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error) return error
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message
  }
  return undefined
}
