import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SuccessPage } from '@/features/payment/success-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

interface SuccessSearch {
  /** The checkout session to confirm (docs/api.md); absent on a bookmarked /success. */
  session_id?: string
}

function validateSearch(search: Record<string, unknown>): SuccessSearch {
  // The router reads digits-only values as numbers; an id is text either way.
  const raw = search.session_id
  const id = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : ''
  return id ? { session_id: id } : {}
}

// spec §2 shows no top bar here; we keep it, so the new balance and the way on are in view (docs/decisions/0116).
export const Route = createFileRoute('/success')({
  staticData: { navBar: true, title: msg`Payment Successful!` },
  loader: () => loadScreenCatalogs('payment'),
  validateSearch,
  component: SuccessRoute,
})

function SuccessRoute() {
  const { session_id: sessionId } = Route.useSearch()
  return <SuccessPage sessionId={sessionId} />
}
