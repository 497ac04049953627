import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ReportPage } from '@/features/support/report-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

export const Route = createFileRoute('/report')({
  staticData: { navBar: true, title: msg`Report a bug` },
  loader: () => loadScreenCatalogs('support'),
  component: ReportPage,
})
