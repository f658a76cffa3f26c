import { useEffect } from 'react'
import { useLocation } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { localizeHref } from '~/paraglide/runtime'

export function NotFound() {
  const { pathname } = useLocation()
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname)
    // The visit beacon counts the site's pages only; this page is none of them.
    document.documentElement.dataset.notFound = ''
    return () => {
      delete document.documentElement.dataset.notFound
    }
  }, [pathname])
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-6">
      <div className="text-center">
        <h1 className="text-6xl font-bold text-brand-900">{m.not_found_title()}</h1>
        <p className="mt-4 text-xl text-slate-600">{m.not_found_text()}</p>
        <a
          href={localizeHref('/')}
          className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {m.not_found_home()}
        </a>
      </div>
    </main>
  )
}
