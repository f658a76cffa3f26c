/**
 * The landing page's content (docs/decisions/210-site-content-as-data.md): a shared draft with a
 * revision number, and published versions that are only ever added. A publish is announced by
 * the database (a trigger NOTIFYs `site_content_changes`), so every instance hears it.
 */
import type { ContentDraft, ContentVersionSummary, IndustryImage, SiteContent } from '~/domain/site-content'
import { log } from '~/lib/log.server'
import type { ActedBy, SiteContentStore } from '../backend'
import { recordActivity } from './activity.server'
import type { SqlDatabase } from './client'
import { createNotifyFeed } from './notify-feed.server'

export const SITE_CONTENT_CHANNEL = 'site_content_changes'

interface VersionRow {
  id: string
  kind: ContentVersionSummary['kind']
  restored_from: string | null
  created_by: string | null
  created_at: Date
}

interface DraftRow {
  content: SiteContent | null
  revision: number
  updated_by: string | null
  updated_at: Date | null
}

function toSummary(row: VersionRow): ContentVersionSummary {
  return {
    id: Number(row.id),
    kind: row.kind,
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  }
}

function toDraft(row: DraftRow | undefined): ContentDraft {
  return {
    content: row?.content ?? null,
    revision: row?.revision ?? 0,
    updatedBy: row?.updated_by ?? null,
    updatedAt: row?.updated_at?.toISOString() ?? null,
  }
}

const VERSION_COLUMNS = 'id::text, kind, restored_from::text, created_by, created_at'

export function createSiteContentStore(db: SqlDatabase): SiteContentStore & { close(): Promise<void> } {
  const feed = createNotifyFeed<number>(db, {
    channel: SITE_CONTENT_CHANNEL,
    label: 'site content',
    hear(payload, tell) {
      const id = Number(payload)
      if (Number.isSafeInteger(id)) tell(id)
      else log().warn('site content: ignored a malformed notification')
    },
  })

  async function insertVersion(
    content: SiteContent,
    kind: ContentVersionSummary['kind'],
    by: ActedBy,
    restoredFrom: number | null,
    baseRevision: number | null,
  ) {
    return db.transaction(async (tx) => {
      if (baseRevision !== null) {
        // Publishing what is on screen clears the draft, unless a colleague saved one since.
        const { rowCount } = await tx.query(
          `update public.site_content_draft set content = null, revision = revision + 1, updated_by = $1, updated_at = now()
           where id = 1 and revision = $2`,
          [by.actor, baseRevision],
        )
        if (rowCount === 0) return { ok: false as const, draft: await readDraft(tx) }
      }
      const { rows } = await tx.query<VersionRow>(
        `insert into public.site_content_versions (content, kind, restored_from, created_by)
         values ($1::jsonb, $2, $3, $4) returning ${VERSION_COLUMNS}`,
        [JSON.stringify(content), kind, restoredFrom, by.actor],
      )
      const version = toSummary(rows[0] as VersionRow)
      await recordActivity(tx, { ...by, action: 'content.change', detail: { kind, version: version.id, restoredFrom } })
      return { ok: true as const, version }
    })
  }

  async function readDraft(sql: Pick<SqlDatabase, 'query'>): Promise<ContentDraft> {
    const { rows } = await sql.query<DraftRow>(
      'select content, revision, updated_by, updated_at from public.site_content_draft where id = 1',
    )
    return toDraft(rows[0])
  }

  return {
    async published() {
      const { rows } = await db.query<{ id: string; content: SiteContent; created_at: Date }>(
        // Qualified: a bare `id` here would be the text column above, where '9' sorts after '10'.
        'select id::text, content, created_at from public.site_content_versions v order by v.id desc limit 1',
      )
      const row = rows[0]
      return row ? { versionId: Number(row.id), content: row.content, publishedAt: row.created_at.toISOString() } : null
    },

    draft: () => readDraft(db),

    saveDraft(content, baseRevision, by) {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<DraftRow>(
          `update public.site_content_draft
           set content = $1::jsonb, revision = revision + 1, updated_by = $2, updated_at = now()
           where id = 1 and revision = $3
           returning content, revision, updated_by, updated_at`,
          [JSON.stringify(content), by.actor, baseRevision],
        )
        if (!rows[0]) return { ok: false as const, draft: await readDraft(tx) }
        await recordActivity(tx, { ...by, action: 'content.change', detail: { kind: 'draft', revision: rows[0].revision } })
        return { ok: true as const, draft: toDraft(rows[0]) }
      })
    },

    publish: (content, baseRevision, by) => insertVersion(content, 'publish', by, null, baseRevision),

    publishDefaults: (content, by) => insertVersion(content, 'defaults', by, null, null),

    async restore(id, by) {
      const { rows } = await db.query<{ content: SiteContent }>(
        'select content from public.site_content_versions where id = $1',
        [id],
      )
      if (!rows[0]) return null
      const result = await insertVersion(rows[0].content, 'restore', by, id, null)
      return result.ok ? result.version : null
    },

    async versions(limit) {
      const { rows } = await db.query<VersionRow>(
        `select ${VERSION_COLUMNS} from public.site_content_versions v order by v.id desc limit $1`,
        [limit],
      )
      return rows.map(toSummary)
    },

    async version(id) {
      const { rows } = await db.query<{ content: SiteContent }>(
        'select content from public.site_content_versions where id = $1',
        [id],
      )
      return rows[0]?.content ?? null
    },

    async images() {
      const { rows } = await db.query<{ image: IndustryImage }>(
        `select distinct image from (
           select jsonb_path_query(content, '$.industries.items[*].image') as image from public.site_content_versions
           union all
           select jsonb_path_query(content, '$.industries.items[*].image') from public.site_content_draft where content is not null
         ) found where jsonb_typeof(image) = 'object'`,
      )
      return rows.map((row) => row.image).filter((image) => typeof image?.url === 'string')
    },

    subscribe: (listener) => feed.subscribe(listener),
    listening: () => feed.listening(),
    close: () => feed.close(),
  }
}
