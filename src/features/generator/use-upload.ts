import { useCallback, useEffect, useRef, useState } from 'react'
import type { UploadHandlers, UploadProgress } from '@/api/upload'

/** A running upload as its field shows it (docs/decisions/0252). */
export interface UploadState {
  /** Null until the first bytes are on their way. */
  progress: UploadProgress | null
  /** The connection dropped once and the upload started over. */
  retrying: boolean
}

/**
 * Follows one upload at a time for a field: its progress, its one retry, and
 * Cancel. A new upload stops the one before; so does leaving the screen.
 */
export function useUpload() {
  const [state, setState] = useState<UploadState | null>(null)
  const current = useRef<AbortController | null>(null)

  const begin = useCallback((): Required<Pick<UploadHandlers, 'signal' | 'onProgress' | 'onRetry'>> => {
    current.current?.abort()
    const controller = new AbortController()
    current.current = controller
    setState({ progress: null, retrying: false })
    const mine = () => current.current === controller
    return {
      signal: controller.signal,
      onProgress: (progress) => mine() && setState((now) => ({ progress, retrying: now?.retrying ?? false })),
      onRetry: () => mine() && setState({ progress: null, retrying: true }),
    }
  }, [])

  const end = useCallback(() => {
    current.current = null
    setState(null)
  }, [])

  const cancel = useCallback(() => {
    current.current?.abort()
    current.current = null
    setState(null)
  }, [])

  useEffect(() => () => current.current?.abort(), [])

  return { upload: state, begin, end, cancel }
}
