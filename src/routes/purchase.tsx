import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PurchasePage } from '@/features/purchase/purchase-page'

export const Route = createFileRoute('/purchase')({
  staticData: { navBar: true, title: msg`Plans and credits` },
  component: PurchasePage,
})
