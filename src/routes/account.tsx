import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '@/features/account/account-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

// The Account screen (docs/decisions/0115): the account's settings and data, reached from the account menu.
export const Route = createFileRoute('/account')({
  staticData: { navBar: true, title: msg`Account` },
  loader: () => loadScreenCatalogs('account'),
  component: AccountPage,
})
