import { useLingui } from '@lingui/react/macro'
import { sizeInMegabytes } from './lip-sync/media-checks'

/** A length as m:ss (a clip of a fraction of a second shows as 0:01, not 0:00). */
export function clockOf(seconds: number): string {
  const whole = seconds > 0 ? Math.max(1, Math.round(seconds)) : 0
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

interface FileFacts {
  seconds?: number
  bytes?: number
  /** An image's size in pixels. */
  pixels?: { width: number; height: number }
}

/** A file card's line (spec §2 file card: size in MB): its length and size, as far as they are known, e.g. "0:03 · 0.01 MB". */
export function useFileMeta(): (file: FileFacts) => string {
  const { t, i18n } = useLingui()
  const twoDecimals = (value: number) => i18n.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const sizeOf = (bytes: number): string => {
    const megabytes = sizeInMegabytes(bytes)
    const size = twoDecimals(megabytes)
    if (megabytes > 0 || bytes === 0) return t`${size} MB`
    // A few kilobytes would read "0.00 MB".
    const smallest = twoDecimals(0.01)
    return t`under ${smallest} MB`
  }
  return ({ seconds, bytes, pixels }) =>
    [
      seconds === undefined || !Number.isFinite(seconds) ? null : clockOf(seconds),
      pixels === undefined ? null : `${pixels.width} × ${pixels.height}`,
      bytes === undefined ? null : sizeOf(bytes),
    ]
      .filter((part) => part !== null)
      .join(' · ')
}
