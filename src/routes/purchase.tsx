import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PurchasePage } from '@/features/purchase/purchase-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

export const Route = createFileRoute('/purchase')({
  staticData: { navBar: true, title: msg`Plans and credits` },
  loader: () => loadScreenCatalogs('purchase'),
  component: PurchasePage,
})
