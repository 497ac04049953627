import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { formatBytes } from '@/device/byte-size'
import { storageEstimate, type StorageFigures } from '@/device/storage'
import { useKeptVideos } from '@/device/use-kept-videos'
import type { AccountSectionProps } from './account-section-props'

// The confirmation (Radix) and the removal (Dexie) load when the user asks for them (docs/decisions/0203).
const RemoveAllKeptDialog = lazy(() => import('./remove-all-kept-dialog').then((module) => ({ default: module.RemoveAllKeptDialog })))
const removeAllKeptVideos = async (uid: string) => (await import('@/device/kept-videos')).removeAllKeptVideos(uid)

type Removal = { kind: 'idle' } | { kind: 'asking' } | { kind: 'removing' } | { kind: 'removed'; count: number } | { kind: 'failed' }

/**
 * What this device keeps for the user (docs/decisions/0170, 0241): how many videos, their
 * size, the room the browser still allows, and removing them all. Works offline.
 */
export function DeviceSection({ user }: AccountSectionProps) {
  const { i18n } = useLingui()
  const kept = useKeptVideos(user.uid)
  const [removal, setRemoval] = useState<Removal>({ kind: 'idle' })
  const removeButton = useRef<HTMLButtonElement>(null)
  const count = kept.urls.size
  const removed = removal.kind === 'removed' ? removal.count : null
  const removing = removal.kind === 'removing'
  // Waits without `disabled`, so the focus the dialog hands back stays on it (and is not dropped to the page).
  const waits = count === 0 || removing

  async function removeAll() {
    // The dialog closes at once; the button says the removal is under way.
    setRemoval({ kind: 'removing' })
    try {
      setRemoval({ kind: 'removed', count: await removeAllKeptVideos(user.uid) })
    } catch {
      setRemoval({ kind: 'failed' })
    }
  }

  return (
    <>
      <p className="hint">
        <Trans>Videos you download are kept here to play offline. They stay when you sign out unless you remove them.</Trans>
      </p>
      <dl className="account-facts">
        <div>
          <dt>
            <Trans>Kept videos</Trans>
          </dt>
          <dd>
            <Plural value={count} one="# video" other="# videos" />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Space they use</Trans>
          </dt>
          <dd>{formatBytes(kept.bytes, i18n.locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Free space for Actorly</Trans>
          </dt>
          {/* Keyed by what is kept, so the browser's estimate is read again after every change. */}
          <FreeSpace key={kept.bytes} />
        </div>
      </dl>
      <div className="account-actions">
        <button
          ref={removeButton}
          type="button"
          className="btn"
          onClick={() => {
            if (!waits) setRemoval({ kind: 'asking' })
          }}
          aria-disabled={waits || undefined}
          aria-busy={removing || undefined}
        >
          {removing && <span className="spinner" aria-hidden="true" />}
          <Trans>Remove all kept videos</Trans>
        </button>
      </div>
      <div aria-live="polite">
        {removed !== null && (
          <p className="form-success">
            <Plural value={removed} one="# video was removed from this device." other="# videos were removed from this device." />
          </p>
        )}
        {removal.kind === 'failed' && (
          <p className="form-error">
            <Trans>The videos could not be removed. Please try again, or remove them in your browser’s site settings.</Trans>
          </p>
        )}
      </div>
      {removal.kind === 'asking' && (
        <Suspense fallback={null}>
          <RemoveAllKeptDialog
            count={count}
            onRemove={() => void removeAll()}
            onCancel={() => setRemoval((current) => (current.kind === 'asking' ? { kind: 'idle' } : current))}
            returnFocus={() => removeButton.current?.focus()}
          />
        </Suspense>
      )}
    </>
  )
}

function FreeSpace() {
  const { i18n } = useLingui()
  const [figures, setFigures] = useState<StorageFigures | null | undefined>(undefined)
  useEffect(() => {
    let current = true
    void storageEstimate().then((estimate) => current && setFigures(estimate))
    return () => {
      current = false
    }
  }, [])
  if (figures === undefined) return <dd>…</dd>
  if (figures === null) {
    return (
      <dd>
        <Trans>Not known in this browser</Trans>
      </dd>
    )
  }
  return <dd>{formatBytes(Math.max(0, figures.quota - figures.usage), i18n.locale)}</dd>
}
