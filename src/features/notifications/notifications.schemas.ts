/** The notification settings panel's input, shared by its form and its server function. */
import * as v from 'valibot'
import { LOCALES } from '~/domain/locales'

export const NotificationSettingsSchema = v.strictObject({
  newMessages: v.boolean(),
  locale: v.picklist(LOCALES),
})
export type NotificationSettingsInput = v.InferInput<typeof NotificationSettingsSchema>
