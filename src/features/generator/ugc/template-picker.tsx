import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ComponentType } from 'react'
import { BriefcaseIcon, HeartPulseIcon, MicrophoneIcon, PhoneIcon, SpotlightIcon, SunIcon } from '@/ui/icons'
import { templatesIn, type PromptTemplate, type TemplateFilter, type TemplateId } from './ugc-templates'

/** spec §3 Template.icon: one picture per template. */
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

/** spec §2 prompt-suggestion picker: six templates with the all/lifestyle/business/professional filter. */
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
      <h3 id={headingId} className="template-picker__title">
        <Trans>Prompt templates</Trans>
      </h3>
      <fieldset className="template-picker__filters">
        <legend className="visually-hidden">{t`Template category`}</legend>
        {filters.map((option) => (
          <button
            key={option.value}
            type="button"
            className="btn btn--small template-picker__filter"
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
          >
            {option.label}
          </button>
        ))}
      </fieldset>
      <ul className="template-picker__list">
        {templatesIn(filter).map((template) => {
          const Icon = TEMPLATE_ICONS[template.id]
          return (
            <li key={template.id}>
              <button
                type="button"
                className="template-picker__template"
                aria-pressed={selected === template.id}
                onClick={() => onPick(template, t(template.prompt))}
              >
                <span className="template-picker__icon">
                  <Icon size={20} />
                </span>
                <span className="template-picker__text">
                  <span className="template-picker__name">{t(template.title)}</span>
                  <span className="template-picker__description">{t(template.description)}</span>
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
