import { useCallback, useEffect, useState } from 'react'
import { useSessionActions } from '@/session/session'

/**
 * How long the gallery waits for the user record (whose _id every gallery call
 * sends, spec §5 "Gallery fetch requires the current user's credential")
 * before it says the credential is missing instead of spinning on
 * (docs/decisions/0254).
 */
export const CREDENTIAL_WAIT_MS = 10_000

export interface GalleryCredential {
  /** spec §8 galleryError.credentialError: online, signed in, and no user record to fetch with. */
  missing: boolean
  /** Asks for the user record again and waits afresh. */
  retry(): void
}

/**
 * Whether the signed-in user's record is there to load the gallery with. While
 * it is on its way the gallery shows its spinner; once the fetch failed, or the
 * record has not come for CREDENTIAL_WAIT_MS, the credential counts as missing.
 * Offline it never does: the saved copy shows instead.
 */
export function useGalleryCredential({ online, hasRecord, recordFailed }: { online: boolean; hasRecord: boolean; recordFailed: boolean }): GalleryCredential {
  const { refreshUser } = useSessionActions()
  const [attempt, setAttempt] = useState(0)
  const [waitedFor, setWaitedFor] = useState<number | null>(null)
  const waiting = online && !hasRecord && !recordFailed

  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(() => setWaitedFor(attempt), CREDENTIAL_WAIT_MS)
    return () => clearTimeout(timer)
  }, [waiting, attempt])

  const retry = useCallback(() => {
    setAttempt((count) => count + 1)
    refreshUser()
  }, [refreshUser])

  const missing = online && !hasRecord && (recordFailed || waitedFor === attempt)
  return { missing, retry }
}
