import { lazy, type ReactNode, Suspense, useState } from 'react'
import { useKeptVideos } from '@/device/use-kept-videos'
import { isSignedIn, useSession } from '@/session/session'

// Only someone with videos kept on this device is asked about them at sign-out: the dialog
// (Radix) and the removal (Dexie) load for them alone (docs/decisions/0203).
const RemoveKeptVideosDialog = lazy(() => import('@/app/device/remove-kept-videos-dialog').then((module) => ({ default: module.RemoveKeptVideosDialog })))
const removeAllKeptVideos = async (uid: string) => (await import('@/device/kept-videos')).removeAllKeptVideos(uid)
const countKeptVideos = async (uid: string) => (await import('@/device/kept-videos')).countKeptVideos(uid)

export interface SignOutFlow {
  /** Signs out, first asking about the videos kept on this device when there are any. */
  start(): void
  busy: boolean
  /** The sign-out failed (spec §8 'Failed to sign out'); nothing changed. */
  failed: boolean
  /** Signed out, but the kept videos the user chose to remove could not be removed. */
  removeFailed: boolean
  /** The kept-videos question, to render where the flow's button is. */
  dialog: ReactNode
}

/**
 * Sign-out as the account menu and the account screen offer it (spec §4; docs/quality.md
 * "The device": sign-out clears the session and offers to remove this device's kept videos).
 */
export function useSignOutFlow(signOut: () => Promise<void>): SignOutFlow {
  const session = useSession()
  const uid = isSignedIn(session) ? session.user.uid : null
  const kept = useKeptVideos(uid)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const [removeFailed, setRemoveFailed] = useState(false)
  const [asking, setAsking] = useState<number | null>(null)

  async function finish(signedOutUid: string, removeKept: boolean) {
    setBusy(true)
    setFailed(false)
    setRemoveFailed(false)
    try {
      await signOut()
    } catch {
      setFailed(true)
      setBusy(false)
      return
    }
    // After the sign-out succeeded: a failed sign-out must not cost the user their offline videos.
    if (removeKept) await removeAllKeptVideos(signedOutUid).catch(() => setRemoveFailed(true))
    setBusy(false)
  }

  // Counted at the click, not read from the live list: a click before that list has
  // loaded must still ask rather than sign out past the user's kept videos.
  async function start(signedInUid: string) {
    const count = kept.urls.size > 0 ? kept.urls.size : await countKeptVideos(signedInUid).catch(() => 0)
    if (count > 0) setAsking(count)
    else void finish(signedInUid, false)
  }

  const dialog =
    uid !== null && (kept.urls.size > 0 || asking !== null) ? (
      <Suspense fallback={null}>
        <RemoveKeptVideosDialog
          keptCount={asking}
          onChoose={(remove) => {
            setAsking(null)
            void finish(uid, remove)
          }}
          onCancel={() => setAsking(null)}
        />
      </Suspense>
    ) : null

  return {
    start: () => {
      if (uid !== null && !busy) void start(uid)
    },
    busy,
    failed,
    removeFailed,
    dialog,
  }
}
