import { useCallback, useState } from 'react'
import type { JobScreen } from '@/jobs/job-screen'

/** A short message in the toast region (spec §9: 5000 ms, top-right). */
export interface Toast {
  id: number
  text: string
  tone: 'success' | 'error'
  /** Where "View" leads: the generator screen that shows the video. */
  screen?: JobScreen
}

export interface Toasts {
  toasts: readonly Toast[]
  show(toast: Omit<Toast, 'id'>): void
  close(id: number): void
}

let nextId = 1

export function useToasts(): Toasts {
  const [toasts, setToasts] = useState<readonly Toast[]>([])
  const show = useCallback((toast: Omit<Toast, 'id'>) => {
    const id = nextId++
    setToasts((current) => [...current, { ...toast, id }])
  }, [])
  const close = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), [])
  return { toasts, show, close }
}
