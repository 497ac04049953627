import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { DevelopersPage } from '@/features/developers/developers-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

// The developer API's page (docs/decisions/0407): a quick start and the reference from the OpenAPI document.
export const Route = createFileRoute('/developers')({
  staticData: { navBar: true, title: msg`Developer API` },
  loader: () => loadScreenCatalogs('developers'),
  component: DevelopersPage,
})
