import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '@/features/support/contact-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

export const Route = createFileRoute('/contact')({
  staticData: { navBar: true, title: msg`Contact` },
  loader: () => loadScreenCatalogs('support'),
  component: ContactPage,
})
