import { useId } from 'react'
import { CONTENT_ICONS, type ContentIcon, type ContentSection, type SiteContent } from '~/domain/site-content'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { pathKey } from '../content-paths'
import { ListError, LocalizedField, PlainField } from './content-fields'
import { IndustryImageField } from './industry-image-field'
import { EMPTY, ListEditor } from './list-editor'
import type { ContentEditor } from './use-content-editor'

const ICON_LABEL: Record<ContentIcon, () => string> = {
  'brain-circuit': m.content_icon_brain_circuit,
  gauge: m.content_icon_gauge,
  'heart-handshake': m.content_icon_heart_handshake,
  workflow: m.content_icon_workflow,
  'shield-check': m.content_icon_shield_check,
  sparkles: m.content_icon_sparkles,
  'clipboard-check': m.content_icon_clipboard_check,
  'layout-dashboard': m.content_icon_layout_dashboard,
  'flask-conical': m.content_icon_flask_conical,
  compass: m.content_icon_compass,
  scale: m.content_icon_scale,
  route: m.content_icon_route,
}

function IconField({
  editor,
  section,
  index,
  value,
}: {
  editor: ContentEditor
  section: 'services' | 'products'
  index: number
  value: ContentIcon
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {m.content_field_icon()}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => editor.update([section, 'items', index, 'icon'], event.target.value)}
        className="block h-10 w-full max-w-xs rounded-md border border-slate-300 bg-white px-3 text-slate-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30"
      >
        {CONTENT_ICONS.map((icon) => (
          <option key={icon} value={icon}>
            {ICON_LABEL[icon]()}
          </option>
        ))}
      </select>
    </div>
  )
}

function Heading({ editor, section }: { editor: ContentEditor; section: 'services' | 'industries' | 'products' | 'references' }) {
  return (
    <>
      <LocalizedField editor={editor} path={[section, 'title']} label={m.content_field_title()} />
      <LocalizedField editor={editor} path={[section, 'subtitle']} label={m.content_field_subtitle()} kind="text" />
    </>
  )
}

/** The form of one editor screen; the content is the editor's, every change goes through `editor.update`. */
export function SectionForm({
  editor,
  section,
  content,
}: {
  editor: ContentEditor
  section: ContentSection
  content: SiteContent
}) {
  switch (section) {
    case 'about':
      return (
        <>
          <LocalizedField editor={editor} path={['about', 'title']} label={m.content_field_title()} />
          <LocalizedField editor={editor} path={['about', 'intro']} label={m.content_field_intro()} kind="text" />
          <LocalizedField editor={editor} path={['about', 'paragraph1']} label={m.content_field_paragraph1()} kind="text" />
          <LocalizedField editor={editor} path={['about', 'paragraph2']} label={m.content_field_paragraph2()} kind="text" />
          {content.about.pillars.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: always three pillars, never reordered
            <div key={index} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
              <h3 className="text-sm font-semibold text-slate-900">{m.content_field_pillar({ n: String(index + 1) })}</h3>
              <LocalizedField editor={editor} path={['about', 'pillars', index, 'title']} label={m.content_field_title()} />
              <LocalizedField
                editor={editor}
                path={['about', 'pillars', index, 'text']}
                label={m.content_field_text()}
                kind="text"
              />
            </div>
          ))}
        </>
      )
    case 'services':
      return (
        <>
          <Heading editor={editor} section="services" />
          <ListEditor
            editor={editor}
            section="services"
            items={content.services.items}
            idPrefix="service"
            title={(item) => item.title.tr}
            newItem={(id) => ({ id, icon: 'sparkles' as ContentIcon, title: EMPTY, text: EMPTY })}
          >
            {(item, index) => (
              <>
                <IconField editor={editor} section="services" index={index} value={item.icon} />
                <LocalizedField editor={editor} path={['services', 'items', index, 'title']} label={m.content_field_title()} />
                <LocalizedField
                  editor={editor}
                  path={['services', 'items', index, 'text']}
                  label={m.content_field_description()}
                  kind="text"
                />
              </>
            )}
          </ListEditor>
        </>
      )
    case 'industries':
      return (
        <>
          <Heading editor={editor} section="industries" />
          <ListEditor
            editor={editor}
            section="industries"
            items={content.industries.items}
            idPrefix="industry"
            title={(item) => item.name.tr}
            newItem={(id) => ({ id, name: EMPTY, description: EMPTY, image: null })}
          >
            {(item, index) => (
              <>
                <LocalizedField editor={editor} path={['industries', 'items', index, 'name']} label={m.content_field_name()} />
                <LocalizedField
                  editor={editor}
                  path={['industries', 'items', index, 'description']}
                  label={m.content_field_description()}
                  kind="text"
                />
                <IndustryImageField editor={editor} index={index} id={item.id} image={item.image} />
                <ListError editor={editor} path={['industries', 'items', index, 'image']} />
              </>
            )}
          </ListEditor>
        </>
      )
    case 'products':
      return (
        <>
          <Heading editor={editor} section="products" />
          <ListEditor
            editor={editor}
            section="products"
            items={content.products.items}
            idPrefix="product"
            title={(item) => item.title.tr}
            newItem={(id) => ({ id, icon: 'sparkles' as ContentIcon, title: EMPTY, text: EMPTY })}
          >
            {(item, index) => (
              <>
                <IconField editor={editor} section="products" index={index} value={item.icon} />
                <LocalizedField editor={editor} path={['products', 'items', index, 'title']} label={m.content_field_title()} />
                <LocalizedField
                  editor={editor}
                  path={['products', 'items', index, 'text']}
                  label={m.content_field_description()}
                  kind="text"
                />
              </>
            )}
          </ListEditor>
        </>
      )
    case 'references':
      return (
        <>
          <Heading editor={editor} section="references" />
          <ListEditor
            editor={editor}
            section="references"
            items={content.references.items}
            idPrefix="reference"
            title={(item) => item.role.tr}
            newItem={(id) => ({ id, text: EMPTY, role: EMPTY })}
          >
            {(_, index) => (
              <>
                <LocalizedField
                  editor={editor}
                  path={['references', 'items', index, 'text']}
                  label={m.content_field_quote()}
                  kind="text"
                />
                <LocalizedField editor={editor} path={['references', 'items', index, 'role']} label={m.content_field_role()} />
              </>
            )}
          </ListEditor>
        </>
      )
    case 'contact':
      return (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <PlainField editor={editor} path={['contact', 'phone']} label={m.content_field_phone()} type="tel" />
            <PlainField editor={editor} path={['contact', 'email']} label={m.content_field_email()} type="email" />
          </div>
          <div className="space-y-3">
            {content.contact.addressLines.map((_, index) => (
              <PlainField
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, in order
                key={index}
                editor={editor}
                path={['contact', 'addressLines', index]}
                label={m.content_field_address({ n: String(index + 1) })}
              />
            ))}
            <AddressButtons editor={editor} lines={content.contact.addressLines} />
            <ListError editor={editor} path={['contact', 'addressLines']} />
          </div>
          <PlainField editor={editor} path={['contact', 'linkedinUrl']} label={m.content_field_linkedin()} type="url" />
          <PlainField editor={editor} path={['contact', 'legalName']} label={m.content_field_legal_name()} />
        </>
      )
    case 'footer':
      return (
        <>
          <LocalizedField
            editor={editor}
            path={['footer', 'description']}
            label={m.content_field_footer_description()}
            kind="text"
          />
          <div className="max-w-48">
            <PlainField
              editor={editor}
              path={['footer', 'copyrightYear']}
              label={m.content_field_copyright_year()}
              type="number"
            />
          </div>
        </>
      )
    case 'seo':
      return (
        <>
          <LocalizedField editor={editor} path={['seo', 'title']} label={m.content_field_seo_title()} />
          <LocalizedField editor={editor} path={['seo', 'description']} label={m.content_field_seo_description()} kind="text" />
        </>
      )
  }
}

function AddressButtons({ editor, lines }: { editor: ContentEditor; lines: string[] }) {
  const path = ['contact', 'addressLines'] as const
  return (
    <div className="flex flex-wrap gap-2" data-field={pathKey(path)}>
      <button
        type="button"
        disabled={lines.length >= LIMITS.content.addressLinesMax}
        onClick={() => editor.update(path, [...lines, ''])}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline disabled:text-slate-400"
      >
        {m.content_address_add()}
      </button>
      <button
        type="button"
        disabled={lines.length <= LIMITS.content.addressLinesMin}
        onClick={() => editor.update(path, lines.slice(0, -1))}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline disabled:text-slate-400"
      >
        {m.content_remove()}
      </button>
    </div>
  )
}
