import { Bell } from 'lucide-react'
import { useState } from 'react'
import { buttonClass } from '~/components/ui/button'
import { Dialog, DialogContent, DialogHeader, DialogTrigger } from '~/components/ui/dialog'
import { m } from '~/paraglide/messages'
import { NotificationSettingsForm } from './notification-settings-form'

/** "Bildirimler" in the inbox header, and the small panel it opens: whether the admin gets an e-mail
 * about new messages, and in which language. The content mounts only while open. */
export function NotificationSettingsButton() {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={(details) => setOpen(details.open)}>
      <DialogTrigger className={buttonClass('secondary')}>
        <Bell aria-hidden="true" className="size-4" />
        {m.notifications_button()}
      </DialogTrigger>
      <DialogContent size="md">
        <DialogHeader title={m.notifications_title()} closeLabel={m.notifications_close()} />
        <NotificationSettingsForm onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  )
}
