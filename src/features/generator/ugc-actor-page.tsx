import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useDeviceJobKinds, useJob } from '@/jobs/job-runner'
import type { JobKind, JobView } from '@/jobs/types'
import { useSession } from '@/session/session'
import { ConsistentStep } from './consistent/consistent-step'
import type { GeneratorStep } from './generator-search'
import { LipSyncStep } from './lip-sync/lip-sync-step'
import { UgcStep } from './ugc/ugc-step'
import './generator.css'

/** spec §2: step 1 offers UGC Actor (ugc_generate) and Consistent Actor (Consistent_generate). */
export type GeneratorMode = 'ugc' | 'consistent'

export interface GeneratorNavigation {
  step: GeneratorStep
  video?: string
}

interface UgcActorPageProps {
  step: GeneratorStep
  /** The preloaded video address from the search, already validated. */
  video: string | undefined
  onNavigate: (next: GeneratorNavigation) => void
  /** The option step 1 opens on (/consistent-actor: Consistent Actor); without it, the device's jobs decide. */
  initialMode?: GeneratorMode
}

const outputOf = (view: JobView) => (view.phase === 'completed' ? view.outputUrl : undefined)

/**
 * The step-1 option that shows the device's newest step-1 job, running or ended
 * and not yet shown (e.g. a consistent actor after a reload): Consistent Actor
 * for a consistent one, else UGC Actor.
 */
function modeForJobs(kinds: readonly JobKind[]): GeneratorMode {
  return kinds.findLast((kind) => kind !== 'lipsync') === 'consistent' ? 'consistent' : 'ugc'
}

/** spec §2 UGC actor page: the two-step wizard (AI Actor, Lip Sync); a step header switches step. */
export function UgcActorPage({ step, video, onNavigate, initialMode }: UgcActorPageProps) {
  const { t } = useLingui()
  const session = useSession()
  const [picked, setPicked] = useState<GeneratorMode | undefined>(initialMode)
  // Until the user picks, step 1 opens where the device's jobs are; decided once, when they are
  // first read, so a job that ends or starts later never swaps the form under the user.
  const deviceJobs = useDeviceJobKinds()
  const [openedOn, setOpenedOn] = useState<GeneratorMode | undefined>(undefined)
  if (openedOn === undefined && deviceJobs !== null) setOpenedOn(modeForJobs(deviceJobs))
  const mode = picked ?? openedOn ?? 'ugc'
  const ugc = useJob('ugc').view
  const consistent = useJob('consistent').view
  const contentRef = useRef<HTMLElement>(null)
  const movedByAddVoice = useRef(false)
  const steps = [
    { step: 1, title: t`AI Actor` },
    { step: 2, title: t`Lip Sync` },
  ] as const
  const current = steps[step - 1] ?? steps[0]
  // spec §2: the lip-sync input is the `?video=` one, else the video just made in step 1.
  const lipSyncInput = video ?? (mode === 'ugc' ? outputOf(ugc) : outputOf(consistent)) ?? outputOf(ugc) ?? outputOf(consistent)

  // Add voice removes the pressed button: focus goes to the new step rather than falling to the page.
  useEffect(() => {
    if (step !== 2 || !movedByAddVoice.current) return
    movedByAddVoice.current = false
    contentRef.current?.focus()
  }, [step])

  const addVoice = (videoUrl: string) => {
    movedByAddVoice.current = true
    onNavigate({ step: 2, video: videoUrl })
  }

  return (
    <main className="page container generator">
      <h1 className="visually-hidden">{current.title}</h1>
      <div className="generator__header">
        <ol className="generator__steps segmented" aria-label={t`Steps`}>
          {steps.map((item) => (
            <li key={item.step}>
              <button
                type="button"
                className="segmented__option generator__step"
                aria-current={item.step === step ? 'step' : undefined}
                onClick={() => onNavigate({ step: item.step, video })}
              >
                <span className="generator__step-number" aria-hidden="true">
                  {item.step}
                </span>
                {item.title}
              </button>
            </li>
          ))}
        </ol>
        {step === 1 && (
          <fieldset className="generator__modes segmented">
            <legend className="visually-hidden">{t`Video type`}</legend>
            <button type="button" className="segmented__option" aria-pressed={mode === 'ugc'} onClick={() => setPicked('ugc')}>
              {t`UGC Actor`}
            </button>
            <button type="button" className="segmented__option" aria-pressed={mode === 'consistent'} onClick={() => setPicked('consistent')}>
              {t`Consistent Actor`}
            </button>
          </fieldset>
        )}
      </div>
      {/* Step 2's lip-sync form brings its own notice. */}
      {step === 1 && session.status === 'signed-out' && (
        <p className="generator__signed-out" role="note">
          <Trans>Please log in to the system to generate the video.</Trans>{' '}
          <Link to="/auth" className="btn btn--primary">
            <Trans>Sign in</Trans>
          </Link>
        </p>
      )}
      <section ref={contentRef} className="generator__content" aria-label={current.title} tabIndex={-1}>
        {step === 1 ? (
          mode === 'ugc' ? (
            <UgcStep preloadedVideoUrl={video} onAddVoice={addVoice} />
          ) : (
            <ConsistentStep onAddVoice={addVoice} />
          )
        ) : (
          // No key: a step-1 video finishing meanwhile must not remount the form and lose the user's audio.
          <LipSyncStep initialVideoUrl={lipSyncInput} />
        )}
      </section>
    </main>
  )
}
