import { Trans, useLingui } from '@lingui/react/macro'
import type { VoiceJob } from '@contract/voice'
import { useFileMeta } from '../file-meta'
import { voiceName } from './voice-audio'
import './voice.css'

interface VoiceOfferProps {
  job: VoiceJob
  onTake: () => void
  onDismiss: () => void
}

/**
 * The newest voice, finished and not used yet (made before a reload, or in
 * another tab): offered, never put over audio the user chose.
 */
export function VoiceOffer({ job, onTake, onDismiss }: VoiceOfferProps) {
  const { t } = useLingui()
  const meta = useFileMeta()
  const name = voiceName(job.voice)
  return (
    <section className="voice-offer" aria-label={t`Your voice is ready`}>
      <p className="voice-offer__text">
        <Trans>
          Your voice <strong>{name}</strong> is ready
        </Trans>{' '}
        <span className="hint">{meta({ seconds: job.audio?.duration, bytes: job.audio?.bytes })}</span>
      </p>
      <p className="voice-offer__script hint" lang={job.language}>
        “{job.text}”
      </p>
      <div className="voice-offer__actions">
        <button type="button" className="btn btn--primary" onClick={onTake}>
          <Trans>Use this voice</Trans>
        </button>
        <button type="button" className="btn btn--ghost" onClick={onDismiss}>
          <Trans>Not now</Trans>
        </button>
      </div>
    </section>
  )
}
