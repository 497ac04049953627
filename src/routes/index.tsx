import { createFileRoute } from '@tanstack/react-router'
import { LandingPage } from '@/features/landing/landing-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

export const Route = createFileRoute('/')({
  staticData: { navBar: false },
  loader: () => loadScreenCatalogs('landing'),
  component: LandingPage,
})
