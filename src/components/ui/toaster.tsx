import { type ComponentType, useEffect, useState } from 'react'
import type { toaster as ArkToaster } from './toaster-view'

/** The app's toasts. Features call `toast.success({ title, description })`, `toast.error(…)` or
 * `toast.info(…)`. Ark UI's toaster (~14 KB gzipped) is downloaded with the first toast, not with
 * the page: most visitors never see one. */
type ToastOptions = Parameters<typeof ArkToaster.create>[0]
type View = ComponentType<{ onMounted: () => void }>

let viewModule: Promise<typeof import('./toaster-view')> | undefined
let markMounted: () => void = () => {}
const mounted = new Promise<void>((resolve) => (markMounted = resolve))
const requested = new Set<(view: View) => void>()

function loadView() {
  viewModule ??= import('./toaster-view').then((module) => {
    for (const show of requested) show(module.ToasterView)
    return module
  })
  return viewModule
}

async function show(type: 'success' | 'error' | 'info', options: ToastOptions) {
  const { toaster } = await loadView()
  await mounted
  toaster.create({ ...options, type })
}

export const toast = {
  success: (options: ToastOptions) => void show('success', options),
  error: (options: ToastOptions) => void show('error', options),
  info: (options: ToastOptions) => void show('info', options),
}

/** Mounted once in the root document; renders the toaster once the first toast asks for it. */
export function Toaster() {
  const [View, setView] = useState<View | null>(null)
  useEffect(() => {
    const showView = (view: View) => setView(() => view)
    requested.add(showView)
    if (viewModule) void viewModule.then((module) => showView(module.ToasterView))
    return () => {
      requested.delete(showView)
    }
  }, [])
  return View ? <View onMounted={markMounted} /> : null
}
