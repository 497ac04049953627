import type { ReactNode } from 'react'

/** One card of the Account screen: a titled section a screen reader can jump to. */
export function AccountSection({ id, title, tone, children }: { id: string; title: string; tone?: 'danger'; children: ReactNode }) {
  const headingId = `account-${id}-title`
  return (
    <section id={id} className={`card account-section${tone === 'danger' ? ' account-section--danger' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  )
}

/** Why a control that needs the network waits: tied to the control by `id` (aria-describedby). */
export function OfflineReason({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="hint account-offline-reason">
      {children}
    </p>
  )
}
