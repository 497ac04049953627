import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Tabs } from 'radix-ui'
import { isSignedIn, useSession } from '@/session/session'
import './gallery-page.css'

/** spec §4: gallery tabs ugc (default), lipsync, minmax (16:9 consistent avatar). */
export type GalleryTab = 'ugc' | 'lipsync' | 'minmax'

// Layout of the gallery (spec §2): hero, three tabs; the gallery issue fills in the grids.
export function GalleryPage() {
  const { t } = useLingui()
  const session = useSession()
  const tabs: { id: GalleryTab; label: string }[] = [
    { id: 'ugc', label: t`UGC video` },
    { id: 'lipsync', label: t`Lip sync` },
    { id: 'minmax', label: t`Consistent avatar` },
  ]
  return (
    <main className="page container gallery">
      <header className="gallery__hero">
        <h1 className="gradient-text">{t`Your Gallery`}</h1>
        <p className="hint">{t`Every video you create, in one place.`}</p>
      </header>
      <Tabs.Root defaultValue="ugc">
        <Tabs.List className="gallery__tabs" aria-label={t`Collections`}>
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.id} value={tab.id} className="gallery__tab">
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.id} value={tab.id} className="gallery__panel">
            {isSignedIn(session) ? (
              <div className="gallery__empty">
                <h2>{t`The Stage is Empty`}</h2>
                <p className="hint">{t`Your masterpieces will appear here once you start creating`}</p>
                <Link to="/ugc-actor" className="btn btn--primary">
                  {t`Start creating`}
                </Link>
              </div>
            ) : (
              <div className="gallery__empty">
                <p>{t`Please Sign in to the system`}</p>
                <Link to="/auth" className="btn btn--primary">
                  {t`Sign in`}
                </Link>
              </div>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </main>
  )
}
