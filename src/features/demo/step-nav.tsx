import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { CheckIcon } from '@/ui/icons'
import type { DemoStep } from './use-demo-wizard'

interface StepNavProps {
  step: DemoStep
  onStepChange: (step: DemoStep) => void
  videoGenerated: boolean
  lipSyncComplete: boolean
}

/**
 * The wizard's step headers (spec §2 Demo): which step is current, whether a
 * video was generated and whether lip sync is complete. Clicking switches step.
 */
export function StepNav({ step, onStepChange, videoGenerated, lipSyncComplete }: StepNavProps) {
  const { t } = useLingui()
  return (
    <nav className="demo-steps" aria-label={t`Demo steps`}>
      <ol>
        <StepButton
          number={1}
          current={step === 1}
          done={videoGenerated}
          onSelect={() => onStepChange(1)}
          title={<Trans>AI Actor</Trans>}
          status={videoGenerated ? <Trans>Video generated</Trans> : <Trans>No video yet</Trans>}
        />
        <StepButton
          number={2}
          current={step === 2}
          done={lipSyncComplete}
          onSelect={() => onStepChange(2)}
          title={<Trans>Lip Sync</Trans>}
          status={lipSyncComplete ? <Trans>Lip sync complete</Trans> : <Trans>Not lip-synced yet</Trans>}
        />
      </ol>
    </nav>
  )
}

interface StepButtonProps {
  number: DemoStep
  current: boolean
  done: boolean
  onSelect: () => void
  title: ReactNode
  status: ReactNode
}

function StepButton({ number, current, done, onSelect, title, status }: StepButtonProps) {
  return (
    <li>
      <button type="button" className="demo-steps__button" aria-current={current ? 'step' : undefined} data-done={done} onClick={onSelect}>
        {/* The check mark is decoration: the status line below says the same in words. */}
        <span className="demo-steps__badge" aria-hidden="true">
          {done ? <CheckIcon size={18} /> : number}
        </span>
        <span className="demo-steps__text">
          <span className="demo-steps__title">
            <span className="visually-hidden">
              <Trans>Step {number}:</Trans>{' '}
            </span>
            {title}
          </span>
          <span className="demo-steps__status">{status}</span>
        </span>
      </button>
    </li>
  )
}
