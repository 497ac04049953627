import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { TOAST_DURATION_MS } from '@contract/constants'
import type { Toast } from './use-toasts'
import './toast-region.css'

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: number) => void }) {
  const { t } = useLingui()
  // spec §9: a toast shows for 5000 ms.
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [toast.id, onClose])
  return (
    <li className="toast" data-tone={toast.tone}>
      <p className="toast__text">{toast.text}</p>
      {toast.screen !== undefined && (
        <Link to={toast.screen.to} search={{ step: toast.screen.step }} className="toast__link" onClick={() => onClose(toast.id)}>
          {t`View`}
        </Link>
      )}
      <button type="button" className="toast__close" onClick={() => onClose(toast.id)} aria-label={t`Dismiss`}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  )
}

/** The app's toasts, top-right (spec §9), read out politely by screen readers. */
export function ToastRegion({ toasts, onClose }: { toasts: readonly Toast[]; onClose: (id: number) => void }) {
  const { t } = useLingui()
  return (
    <section className="toast-region" aria-label={t`Notifications`} aria-live="polite" aria-relevant="additions">
      <ul className="toast-region__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={onClose} />
        ))}
      </ul>
    </section>
  )
}
