/** The signed-in admin's own notification settings: validate → authorize (requireAdmin) → the
 * backend's mail part. An admin reads and changes only their own (docs/decisions/090-mail.md). */
import { createServerFn } from '@tanstack/react-start'
import type { NotificationSettings } from '~/backend/backend'
import { getBackend } from '~/backend/get-backend.server'
import { requireAdmin } from '~/features/auth/require-admin'
import { NotificationSettingsSchema } from './notifications.schemas'
import { validate } from '~/lib/validate'

export interface NotificationSettingsView extends NotificationSettings {
  /** Where the e-mails go: the admin's own address. */
  email: string
  /** 'outbox': no SMTP_URL on this server, so nothing is really sent (the panel says so). */
  delivery: 'smtp' | 'outbox'
}

export const getNotificationSettings = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async ({ context }): Promise<NotificationSettingsView> => {
    const backend = await getBackend()
    const settings = await backend.mail.settings(context.user.email)
    return { ...settings, email: context.user.email, delivery: backend.mail.delivery }
  })

export const saveNotificationSettings = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(NotificationSettingsSchema))
  .handler(async ({ data, context }): Promise<NotificationSettingsView> => {
    const backend = await getBackend()
    const settings = await backend.mail.saveSettings(context.user.email, data)
    return { ...settings, email: context.user.email, delivery: backend.mail.delivery }
  })
