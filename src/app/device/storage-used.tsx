import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { formatBytes } from '@/device/byte-size'
import { storageEstimate, type StorageFigures } from '@/device/storage'
import { useKeptVideos } from '@/device/use-kept-videos'

/**
 * How much this device holds for the signed-in user (docs/decisions/0170): the kept
 * videos and their size, and the room the browser still allows where it says.
 * Drop it where kept videos are managed (gallery, account).
 */
export function StorageUsed({ uid }: { uid: string }) {
  const { i18n } = useLingui()
  const kept = useKeptVideos(uid)
  const count = kept.urls.size
  const size = formatBytes(kept.bytes, i18n.locale)
  return (
    <p className="hint storage-used">
      <Trans>
        Kept on this device: <Plural value={count} one="# video" other="# videos" /> ({size})
      </Trans>
      {/* Keyed by what is kept, so the browser's estimate is read again after every change. */}
      <FreeSpace key={kept.bytes} />
    </p>
  )
}

function FreeSpace() {
  const { i18n } = useLingui()
  const [figures, setFigures] = useState<StorageFigures | null>(null)
  useEffect(() => {
    let current = true
    void storageEstimate().then((estimate) => current && setFigures(estimate))
    return () => {
      current = false
    }
  }, [])
  if (figures === null) return null
  const free = formatBytes(Math.max(0, figures.quota - figures.usage), i18n.locale)
  return (
    <>
      {' '}
      <Trans>{free} free</Trans>
    </>
  )
}
