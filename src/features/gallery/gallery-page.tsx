import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { useVideosSeen } from '@/device/use-videos-seen'
import { isSignedIn, useSession } from '@/session/session'
import { readSessionHint } from '@/session/session-hint'
import { Spinner } from '@/ui/spinner'
import { loadedGalleryCollections, loadGalleryCollections } from './collections-loader'
import './gallery-page.css'

// Loaded for someone signed in only (collections-loader.ts).
const LazyCollections = lazy(() => loadGalleryCollections().then((component) => ({ default: component })))

/** spec §2 Gallery: the hero, then the signed-in user's three collections, or a sign-in prompt. */
export function GalleryPage() {
  const { t } = useLingui()
  const session = useSession()
  // While the identity SDK confirms who is signed in on this device, their saved pages
  // show already (offline, nothing else would): the same collections, kept when it does.
  const [hintedUid] = useState(readSessionHint)
  // Chosen once: swapping the lazy wrapper for the component later would remount the collections.
  const [GalleryCollections] = useState(() => loadedGalleryCollections() ?? LazyCollections)
  const uid = isSignedIn(session) ? session.user.uid : session.status === 'loading' ? hintedUid : null
  // The gallery shows every finished video: they leave the app badge (docs/decisions/0281).
  useVideosSeen(isSignedIn(session))
  return (
    <main className="page container gallery">
      <header className="gallery__hero">
        <h1 className="gradient-text">{t`Your Gallery`}</h1>
        <p className="hint">{t`Every video you create, in one place.`}</p>
      </header>
      {session.status === 'loading' && uid === null && <Spinner />}
      {uid !== null && (
        <Suspense fallback={<Spinner />}>
          <GalleryCollections
            key={uid}
            uid={uid}
            userId={isSignedIn(session) ? (session.record?._id ?? null) : null}
            recordFailed={isSignedIn(session) && session.recordError !== undefined}
          />
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
