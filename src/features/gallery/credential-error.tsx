import { Trans } from '@lingui/react/macro'

/**
 * spec §8 galleryError.credentialError: signed in, yet no user record to load
 * the gallery with (its fetch failed or never came). Retry asks for it again.
 */
export function CredentialError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="gallery__credential" role="alert">
      <p className="field-error">
        <Trans>We could not confirm your account, so your gallery cannot be loaded.</Trans>
      </p>
      <button type="button" className="btn btn--small" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  )
}
