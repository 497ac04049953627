import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { TermsPage } from '@/features/legal/terms-page'

export const Route = createFileRoute('/terms')({
  staticData: { navBar: true, title: msg`Terms of service` },
  component: TermsPage,
})
