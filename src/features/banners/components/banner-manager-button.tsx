import { Images } from 'lucide-react'
import { useState } from 'react'
import { buttonClass } from '~/components/ui/button'
import { Dialog, DialogContent, DialogHeader, DialogTrigger } from '~/components/ui/dialog'
import { m } from '~/paraglide/messages'
import { BannerEditor } from './banner-editor'

/** "Banner Yönetimi" and its dialog, whose content mounts only while open, so each opening reloads the banners. */
export function BannerManagerButton() {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={(details) => setOpen(details.open)}>
      <DialogTrigger className={buttonClass('secondary')}>
        <Images aria-hidden="true" className="size-4" />
        {m.banner_manage_button()}
      </DialogTrigger>
      <DialogContent size="xl">
        <DialogHeader title={m.banner_dialog_title()} description={m.banner_dialog_description()} closeLabel={m.banner_close()} />
        <BannerEditor onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  )
}
