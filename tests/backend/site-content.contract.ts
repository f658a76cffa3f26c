/**
 * Contract: the landing page's content (Backend.content). One shared draft whose revision refuses
 * a save made from an older one; published versions only ever added, a restore being a new one;
 * every publish heard by subscribers; every picture any version names kept from cleanup.
 */
import { describe, expect, it } from 'vitest'
import type { SiteContent } from '~/domain/site-content'
import { defaultSiteContent } from '~/features/content/default-content'
import { runTag, type Subject } from './contract-subject'

function withTitle(title: string): SiteContent {
  const content = defaultSiteContent()
  content.about.title.tr = title
  return content
}

export function describeSiteContent(subject: Subject, options: { erases: boolean }): void {
  const erasureIt = (name: string, fn: () => Promise<void>) => {
    if (options.erases) it(name, fn)
  }

  describe('site content', () => {
    it('shares one draft, and refuses a save made from an older revision with the newer draft', async () => {
      const { backend, adminEmail } = subject()
      const start = await backend.content.draft()
      const first = await backend.content.saveDraft(withTitle('Taslak A'), start.revision, { actor: adminEmail })
      expect(first.ok).toBe(true)
      if (!first.ok) return
      expect(first.draft).toMatchObject({ revision: start.revision + 1, updatedBy: adminEmail })
      // A colleague who opened the editor before that save cannot overwrite it.
      const late = await backend.content.saveDraft(withTitle('Taslak B'), start.revision, { actor: 'other@example.com' })
      expect(late.ok).toBe(false)
      expect(late.draft.content?.about.title.tr).toBe('Taslak A')
      expect((await backend.content.draft()).content?.about.title.tr).toBe('Taslak A')
      // Nor publish over it.
      const stale = await backend.content.publish(withTitle('Taslak B'), start.revision, { actor: 'other@example.com' })
      expect(stale.ok).toBe(false)
    })

    it('publishes, clears the draft, lists versions newest first and restores one as a new version', async () => {
      const { backend, adminEmail } = subject()
      const heard: number[] = []
      const unsubscribe = backend.content.subscribe((id) => heard.push(id))
      try {
        await backend.content.listening()
        const draft = await backend.content.draft()
        const one = await backend.content.publish(withTitle('Sürüm Bir'), draft.revision, { actor: adminEmail })
        expect(one.ok).toBe(true)
        if (!one.ok) return
        expect((await backend.content.draft()).content).toBeNull()
        const two = await backend.content.publish(withTitle('Sürüm İki'), (await backend.content.draft()).revision, {
          actor: adminEmail,
        })
        if (!two.ok) throw new Error('the second publish was refused')
        expect((await backend.content.published())?.content.about.title.tr).toBe('Sürüm İki')

        const restored = await backend.content.restore(one.version.id, { actor: adminEmail })
        expect(restored).toMatchObject({ kind: 'restore', restoredFrom: one.version.id, createdBy: adminEmail })
        expect((await backend.content.published())?.content.about.title.tr).toBe('Sürüm Bir')
        const versions = await backend.content.versions(3)
        expect(versions.map((v) => v.id)).toEqual([restored?.id, two.version.id, one.version.id])
        expect(await backend.content.restore(999_999_999, { actor: adminEmail })).toBeNull()

        await expect
          .poll(() => heard, { timeout: 5_000 })
          .toEqual(expect.arrayContaining([one.version.id, two.version.id, restored?.id]))
      } finally {
        unsubscribe()
      }
    })

    erasureIt("keeps every version when a publisher's data is erased, without their address", async () => {
      const { backend } = subject()
      const publisher = `publisher-${runTag()}@example.com`
      const published = await backend.content.publish(withTitle('Silinen Yayıncı'), (await backend.content.draft()).revision, {
        actor: publisher,
      })
      if (!published.ok) throw new Error('the publish was refused')
      const erased = await backend.privacy.erase(publisher, { via: 'cli' })
      expect(erased.ok).toBe(true)
      const versions = await backend.content.versions(5)
      expect(versions.find((v) => v.id === published.version.id)).toMatchObject({ kind: 'publish', createdBy: null })
      expect(versions.some((v) => v.createdBy === publisher)).toBe(false)
    })

    it('names every picture of the draft and of every version, for the uploads cleanup to keep', async () => {
      const { backend, adminEmail } = subject()
      const content = defaultSiteContent()
      const [first] = content.industries.items
      if (!first) throw new Error('no industry')
      first.image = { url: '/uploads/industry-real-estate-1.jpg', variants: { width: 900, height: 600, widths: [640] } }
      const draft = await backend.content.draft()
      const saved = await backend.content.saveDraft(content, draft.revision, { actor: adminEmail })
      expect(saved.ok).toBe(true)
      expect(await backend.content.images()).toContainEqual(first.image)
    })

    it('shows the newest publish once version ids pass 9 (numbers, not text, decide which is newest)', async () => {
      const { backend, adminEmail } = subject()
      const ids: number[] = []
      // At least three, and on until an id has two digits (a fresh database starts at 1).
      for (let n = 0; n < 3 || (ids.at(-1) ?? 0) < 11; n++) {
        const published = await backend.content.publish(withTitle(`Yayın ${n}`), (await backend.content.draft()).revision, {
          actor: adminEmail,
        })
        if (!published.ok) throw new Error('a publish was refused')
        ids.push(published.version.id)
        expect((await backend.content.published())?.content.about.title.tr).toBe(`Yayın ${n}`)
      }
      expect((await backend.content.versions(3)).map((v) => v.id)).toEqual(ids.slice(-3).reverse())
    })
  })
}
