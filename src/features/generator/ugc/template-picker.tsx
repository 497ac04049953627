import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ComponentType } from 'react'
import { BriefcaseIcon, HeartPulseIcon, MicrophoneIcon, PhoneIcon, SpotlightIcon, SunIcon } from '@/ui/icons'
import { templateSample, templatesIn, type PromptTemplate, type TemplateFilter, type TemplateId } from './ugc-templates'

/** spec §3 Template.icon: one picture per template, on its thumbnail's corner. */
const TEMPLATE_ICONS: Record<TemplateId, ComponentType<{ size?: number }>> = {
  beach: SunIcon,
  podcast: MicrophoneIcon,
  office: BriefcaseIcon,
  stage: SpotlightIcon,
  healthcare: HeartPulseIcon,
  selfie: PhoneIcon,
}

interface TemplatePickerProps {
  selected: TemplateId | null
  /** Gets the template's prompt in the current language. */
  onPick: (template: PromptTemplate, prompt: string) => void
}

/**
 * spec §2 prompt-suggestion picker: six templates as a row of thumbnails (their
 * samples' first frames), with the all/lifestyle/business/professional filter.
 */
export function TemplatePicker({ selected, onPick }: TemplatePickerProps) {
  const { t } = useLingui()
  const headingId = useId()
  const [filter, setFilter] = useState<TemplateFilter>('all')
  const filters: { value: TemplateFilter; label: string }[] = [
    { value: 'all', label: t`All` },
    { value: 'lifestyle', label: t`Lifestyle` },
    { value: 'business', label: t`Business` },
    { value: 'professional', label: t`Professional` },
  ]
  return (
    <section className="template-picker" aria-labelledby={headingId}>
      <div className="template-picker__head">
        <h3 id={headingId} className="template-picker__title">
          <Trans>Prompt templates</Trans>
        </h3>
        <fieldset className="template-picker__filters">
          <legend className="visually-hidden">{t`Template category`}</legend>
          {filters.map((option) => (
            <button
              key={option.value}
              type="button"
              className="template-picker__filter"
              aria-pressed={filter === option.value}
              onClick={() => setFilter(option.value)}
            >
              {option.label}
            </button>
          ))}
        </fieldset>
      </div>
      <ul className="template-picker__list">
        {templatesIn(filter).map((template) => {
          const Icon = TEMPLATE_ICONS[template.id]
          return (
            <li key={template.id}>
              <button
                type="button"
                className="template-picker__template"
                aria-pressed={selected === template.id}
                aria-describedby={`${headingId}-${template.id}`}
                onClick={() => onPick(template, t(template.prompt))}
              >
                <span className="template-picker__thumb">
                  <img src={templateSample(template.id).poster} alt="" width={90} height={120} loading="lazy" decoding="async" />
                  <span className="template-picker__icon" aria-hidden="true">
                    <Icon size={14} />
                  </span>
                </span>
                <span className="template-picker__name">{t(template.title)}</span>
              </button>
              <span id={`${headingId}-${template.id}`} className="visually-hidden">
                {t(template.description)}
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
