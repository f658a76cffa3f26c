import type { ActivityAction } from '~/domain/activity'
import { m } from '~/paraglide/messages'

/** Each action's label, named one by one: a computed `m[key]` would make the bundler keep every
 * message of the site in the first load's JavaScript. */
const LABELS: Record<ActivityAction, () => string> = {
  'sign_in.success': m.activity_action_sign_in_success,
  'sign_in.failure': m.activity_action_sign_in_failure,
  sign_out: m.activity_action_sign_out,
  'session.end': m.activity_action_session_end,
  'passkey.add': m.activity_action_passkey_add,
  'passkey.remove': m.activity_action_passkey_remove,
  'passkey.reset': m.activity_action_passkey_reset,
  'message.receive': m.activity_action_message_receive,
  'message.open': m.activity_action_message_open,
  'message.reply': m.activity_action_message_reply,
  'message.visitor_reply': m.activity_action_message_visitor_reply,
  'message.status': m.activity_action_message_status,
  'message.trash': m.activity_action_message_trash,
  'message.restore': m.activity_action_message_restore,
  'message.purge': m.activity_action_message_purge,
  'message.spam': m.activity_action_message_spam,
  'message.not_spam': m.activity_action_message_not_spam,
  'message.export': m.activity_action_message_export,
  'message.owner': m.activity_action_message_owner,
  'message.note': m.activity_action_message_note,
  'message.note_delete': m.activity_action_message_note_delete,
  'banner.change': m.activity_action_banner_change,
  'content.change': m.activity_action_content_change,
  'team.add': m.activity_action_team_add,
  'team.remove': m.activity_action_team_remove,
  'team.role': m.activity_action_team_role,
  'privacy.export': m.activity_action_privacy_export,
  'privacy.erase': m.activity_action_privacy_erase,
  'backup.create': m.activity_action_backup_create,
  'backup.restore': m.activity_action_backup_restore,
  'activity.export': m.activity_action_activity_export,
  'saved_reply.create': m.activity_action_saved_reply_create,
  'saved_reply.update': m.activity_action_saved_reply_update,
  'saved_reply.delete': m.activity_action_saved_reply_delete,
}

/** An action code's label; the code itself for one this build does not know (a newer row). */
export function actionLabel(action: string): string {
  return Object.hasOwn(LABELS, action) ? LABELS[action as ActivityAction]() : action
}
