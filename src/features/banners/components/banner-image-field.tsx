import { useId } from 'react'
import type { BannerKey } from '~/domain/banners'
import { FormField } from '~/components/ui/form-field'
import { Input } from '~/components/ui/input'
import { m } from '~/paraglide/messages'
import type { BannerImageKind } from '../banners.schemas'
import type { UploadedBannerImage } from '../upload-banner-image'
import { BannerFilePicker } from './banner-file-picker'

const COPY: Record<BannerImageKind, { label: () => string; hint: () => string }> = {
  main: { label: m.banner_url_label, hint: m.banner_url_hint },
  mobile: { label: m.banner_mobile_url_label, hint: m.banner_mobile_url_hint },
}

export interface BannerImageFieldProps {
  bannerKey: BannerKey
  kind: BannerImageKind
  url: string
  error?: string
  onUrlChange: (url: string) => void
  onUrlBlur: () => void
  onUploaded: (uploaded: UploadedBannerImage) => void
}

/** One of a banner's images: its URL field, and a file picker that fills the URL in. */
export function BannerImageField({ bannerKey, kind, url, error, onUrlChange, onUrlBlur, onUploaded }: BannerImageFieldProps) {
  const id = useId()
  const copy = COPY[kind]

  return (
    <>
      <FormField
        id={id}
        controlId={`${id}-url`}
        label={copy.label()}
        error={error}
        className="space-y-1.5"
        labelClassName="block text-sm font-medium text-slate-800"
        // The hint gives way to the error.
        hint={error ? undefined : copy.hint()}
        hintClassName="text-xs text-slate-500"
      >
        {(aria) => (
          <Input
            {...aria}
            name={kind === 'main' ? bannerKey : `${bannerKey}-mobile`}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            value={url}
            onChange={(event) => onUrlChange(event.target.value)}
            onBlur={onUrlBlur}
          />
        )}
      </FormField>
      <BannerFilePicker bannerKey={bannerKey} kind={kind} onUploaded={onUploaded} />
    </>
  )
}
