import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '@/features/support/contact-page'

export const Route = createFileRoute('/contact')({
  staticData: { navBar: true, title: msg`Contact` },
  component: ContactPage,
})
