import { queryOptions } from '@tanstack/react-query'
import { getNotificationSettings } from './notifications.functions'

export const notificationSettingsQueryKey = ['notification-settings'] as const

/** The admin's settings, read fresh each time the panel opens. */
export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: () => getNotificationSettings(),
    staleTime: 0,
    retry: 1,
  })
}
