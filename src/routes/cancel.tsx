import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CancelPage } from '@/features/payment/cancel-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

// spec §2 shows no top bar here; we keep it, so the way back into the app stays in view (docs/decisions/0116).
export const Route = createFileRoute('/cancel')({
  staticData: { navBar: true, title: msg`Payment Canceled` },
  loader: () => loadScreenCatalogs('payment'),
  component: CancelPage,
})
