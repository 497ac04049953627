import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CancelPage } from '@/features/payment/cancel-page'

export const Route = createFileRoute('/cancel')({
  staticData: { navBar: false, title: msg`Payment Canceled` },
  component: CancelPage,
})
