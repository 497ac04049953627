import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CancelPage } from '@/features/payment/cancel-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

export const Route = createFileRoute('/cancel')({
  staticData: { navBar: false, title: msg`Payment Canceled` },
  loader: () => loadScreenCatalogs('payment'),
  component: CancelPage,
})
