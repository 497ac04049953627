import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { JobView } from '@/jobs/types'

/**
 * The lip-sync result (spec §2 output panel: placeholder, loading animation,
 * no-credits notice with Add credits, or the video with Download). Stands in
 * until the generator's shared output panel is wired in.
 */
export function LipSyncOutput({ view }: { view: JobView }) {
  const { t } = useLingui()
  const id = useId()
  const running = view.phase === 'starting' || view.phase === 'generating'
  return (
    <section className="card lip-sync-output" aria-labelledby={id}>
      <h2 id={id} className="lip-sync__title">
        <Trans>Output video</Trans>
      </h2>
      <div className="lip-sync-output__stage" aria-busy={running}>
        {view.phase === 'completed' ? (
          // The lip-synced clip speaks the user's own audio; we have no transcript for captions.
          // oxlint-disable-next-line jsx-a11y/media-has-caption
          <video src={view.outputUrl} aria-label={t`Lip-synced video`} controls playsInline preload="metadata" />
        ) : view.phase === 'no-credits' ? (
          <div>
            <p>
              <Trans>You don't have enough credits to generate the video.</Trans>
            </p>
            <Link to="/purchase" className="btn btn--primary">
              <Trans>Add credits</Trans>
            </Link>
          </div>
        ) : running ? (
          <p>
            <span className="spinner" aria-hidden="true" /> <Trans>AI video generation in progress</Trans>
          </p>
        ) : (
          <p className="hint">
            <Trans>Your creation will appear here</Trans>
          </p>
        )}
      </div>
      {view.phase === 'completed' && (
        <a className="btn" href={view.outputUrl} download="ugc-video.mp4">
          <Trans>Download</Trans>
        </a>
      )}
    </section>
  )
}
