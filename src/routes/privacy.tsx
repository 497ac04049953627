import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPage } from '@/features/legal/privacy-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

export const Route = createFileRoute('/privacy')({
  staticData: { navBar: true, title: msg`Privacy policy` },
  loader: () => loadScreenCatalogs('legal'),
  component: PrivacyPage,
})
