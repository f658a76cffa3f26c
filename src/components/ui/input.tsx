import type { ComponentProps, InputHTMLAttributes } from 'react'

const BASE =
  'block w-full rounded-md border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-400 ' +
  'focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500/30 ' +
  'aria-[invalid=true]:border-red-500 disabled:bg-slate-100'

export function Input({ className = '', ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={`${BASE} h-10 ${className}`} {...props} />
}

export function Textarea({ className = '', ...props }: ComponentProps<'textarea'>) {
  return <textarea className={`${BASE} py-2 ${className}`} {...props} />
}
