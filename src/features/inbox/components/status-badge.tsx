import type { MessageStatus } from '~/domain/messages'
import { Badge } from '~/components/ui/badge'
import { statusLabel } from '../status-label'

const TONE = { new: 'destructive', read: 'neutral', archived: 'muted', spam: 'warning' } as const

/** 'Yeni' (destructive), 'Okundu', 'Arşivlendi'. */
export function StatusBadge({ status }: { status: MessageStatus }) {
  return (
    <span data-testid="status-badge" data-status={status} className="contents">
      <Badge tone={TONE[status]}>{statusLabel(status)}</Badge>
    </span>
  )
}
