import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { TermsPage } from '@/features/legal/terms-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

export const Route = createFileRoute('/terms')({
  staticData: { navBar: true, title: msg`Terms of service` },
  loader: () => loadScreenCatalogs('legal'),
  component: TermsPage,
})
