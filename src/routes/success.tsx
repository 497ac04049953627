import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SuccessPage } from '@/features/payment/success-page'

export const Route = createFileRoute('/success')({
  staticData: { navBar: false, title: msg`Payment Successful!` },
  component: SuccessPage,
})
