import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useVideosSeen } from '@/device/use-videos-seen'
import { isSignedIn, useSession } from '@/session/session'
import { Spinner } from '@/ui/spinner'
import { GalleryCollections } from './gallery-collections'
import './gallery-page.css'

/** spec §2 Gallery: the hero, then the signed-in user's three collections, or a sign-in prompt. */
export function GalleryPage() {
  const { t } = useLingui()
  const session = useSession()
  // The gallery shows every finished video: they leave the app badge (docs/decisions/0281).
  useVideosSeen(isSignedIn(session))
  return (
    <main className="page container gallery">
      <header className="gallery__hero">
        <h1 className="gradient-text">{t`Your Gallery`}</h1>
        <p className="hint">{t`Every video you create, in one place.`}</p>
      </header>
      {session.status === 'loading' && <Spinner />}
      {isSignedIn(session) && <GalleryCollections key={session.user.uid} uid={session.user.uid} userId={session.record?._id ?? null} recordFailed={session.recordError !== undefined} />}
      {session.status === 'signed-out' && (
        <div className="gallery__empty">
          <p>
            <Trans>Please Sign in to the system</Trans>
          </p>
          <Link to="/auth" className="btn btn--primary">
            <Trans>Sign in</Trans>
          </Link>
        </div>
      )}
    </main>
  )
}
