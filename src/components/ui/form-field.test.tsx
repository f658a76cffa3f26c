import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FormField, firstError } from './form-field'

const render = (props: Partial<Parameters<typeof FormField>[0]> = {}) =>
  renderToStaticMarkup(
    <FormField id="f" label="Name" {...props}>
      {(aria) => <input {...aria} />}
    </FormField>,
  )

describe('FormField', () => {
  it('ties the label to the control and leaves out what is not there', () => {
    expect(render()).toBe(
      '<div><label for="f" class="mb-1.5 block text-sm font-medium text-slate-800">Name</label><input id="f"/></div>',
    )
  })

  it('marks the control invalid and points it at the error, which screen readers announce', () => {
    expect(render({ error: 'Too short' })).toBe(
      '<div><label for="f" class="mb-1.5 block text-sm font-medium text-slate-800">Name</label>' +
        '<input id="f" aria-invalid="true" aria-describedby="f-error"/>' +
        '<p id="f-error" role="alert" class="mt-1 text-sm text-red-600">Too short</p></div>',
    )
  })

  it('reads the hint, then the error, then descriptions outside the field', () => {
    const html = render({
      error: 'Wrong',
      hint: 'Six digits',
      hintClassName: 'h',
      describedBy: 'outside',
      after: <span>more</span>,
    })
    expect(html).toContain('<input id="f" aria-invalid="true" aria-describedby="f-hint f-error outside"/>')
    expect(html).toMatch(
      /<input[^>]*\/><p id="f-hint" class="h">Six digits<\/p><p id="f-error"[^>]*>Wrong<\/p><span>more<\/span><\/div>$/,
    )
    expect(render({ describedBy: 'outside' })).toContain('aria-describedby="outside"')
  })

  it('takes the wrapper and label classes it is given', () => {
    expect(render({ className: 'w', labelClassName: 'sr-only' })).toMatch(/^<div class="w"><label for="f" class="sr-only">/)
  })

  it('gives the control an id of its own when told; the hint and error keep the field id', () => {
    const html = render({ controlId: 'f-email', error: 'Wrong', hint: 'Help' })
    expect(html).toContain('<label for="f-email"')
    expect(html).toContain('<input id="f-email" aria-invalid="true" aria-describedby="f-hint f-error"/>')
  })
})

describe('firstError', () => {
  it('returns the first message, from strings or Standard Schema issues', () => {
    expect(firstError([])).toBeUndefined()
    expect(firstError(['', { message: 'From the schema' }, 'later'])).toBe('From the schema')
    expect(firstError([undefined, 'A string'])).toBe('A string')
  })
})
