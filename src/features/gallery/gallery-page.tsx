import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { isSignedIn, useSession } from '@/session/session'
import { readSessionHint } from '@/session/session-hint'
import { Spinner } from '@/ui/spinner'
import './gallery-page.css'

// The collections (Dexie, the gallery's schemas, Radix tabs) are for someone signed in:
// a signed-out visit does not load them, and where someone is signed in on this device
// they start loading with the screen, alongside the session (docs/decisions/0203).
const loadCollections = () => import('./gallery-collections')
if (readSessionHint() !== null) void loadCollections()
const GalleryCollections = lazy(() => loadCollections().then((module) => ({ default: module.GalleryCollections })))

/** spec §2 Gallery: the hero, then the signed-in user's three collections, or a sign-in prompt. */
export function GalleryPage() {
  const { t } = useLingui()
  const session = useSession()
  return (
    <main className="page container gallery">
      <header className="gallery__hero">
        <h1 className="gradient-text">{t`Your Gallery`}</h1>
        <p className="hint">{t`Every video you create, in one place.`}</p>
      </header>
      {session.status === 'loading' && <Spinner />}
      {isSignedIn(session) && (
        <Suspense fallback={<Spinner />}>
          <GalleryCollections key={session.user.uid} uid={session.user.uid} userId={session.record?._id ?? null} recordFailed={session.recordError !== undefined} />
        </Suspense>
      )}
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
