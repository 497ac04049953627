import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { GeneratorStep } from './generator-search'
import './ugc-actor-page.css'

/** spec §2: step 1 offers UGC Actor (ugc_generate) and Consistent Actor (Consistent_generate). */
export type GeneratorMode = 'ugc' | 'consistent'

interface UgcActorPageProps {
  step: GeneratorStep
  /** The preloaded video address from the search, already validated. */
  video: string | undefined
  onStepChange: (step: GeneratorStep) => void
  initialMode?: GeneratorMode
}

// Layout of the two-step wizard (spec §2); the generator issue fills in the steps.
export function UgcActorPage({ step, onStepChange, initialMode = 'ugc' }: UgcActorPageProps) {
  const { t } = useLingui()
  const [mode, setMode] = useState<GeneratorMode>(initialMode)
  const steps = [
    { step: 1, title: t`AI Actor` },
    { step: 2, title: t`Lip Sync` },
  ] as const
  const current = steps[step - 1] ?? steps[0]
  return (
    <main className="page container generator">
      <h1 className="visually-hidden">{current.title}</h1>
      <ol className="generator__steps" aria-label={t`Steps`}>
        {steps.map((item) => (
          <li key={item.step}>
            <button
              type="button"
              className="generator__step"
              aria-current={item.step === step ? 'step' : undefined}
              onClick={() => onStepChange(item.step)}
            >
              <span className="generator__step-number" aria-hidden="true">
                {item.step}
              </span>
              {item.title}
            </button>
          </li>
        ))}
      </ol>
      {step === 1 ? (
        <section className="card" aria-label={current.title}>
          <fieldset className="generator__modes">
            <legend className="visually-hidden">{t`Video type`}</legend>
            <button type="button" className="btn" aria-pressed={mode === 'ugc'} onClick={() => setMode('ugc')}>
              {t`UGC Actor`}
            </button>
            <button type="button" className="btn" aria-pressed={mode === 'consistent'} onClick={() => setMode('consistent')}>
              {t`Consistent Actor`}
            </button>
          </fieldset>
        </section>
      ) : (
        <section className="card" aria-label={current.title} />
      )}
    </main>
  )
}
