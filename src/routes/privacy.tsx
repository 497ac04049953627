import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPage } from '@/features/legal/privacy-page'

export const Route = createFileRoute('/privacy')({
  staticData: { navBar: true, title: msg`Privacy policy` },
  component: PrivacyPage,
})
