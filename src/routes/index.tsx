import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'

export const Route = createFileRoute('/')({
  component: Home,
})

function Home() {
  return (
    <main>
      <h1 className="p-8 text-3xl font-bold">{m.hero_alt()}</h1>
    </main>
  )
}
