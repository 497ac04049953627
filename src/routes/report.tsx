import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ReportPage } from '@/features/support/report-page'

export const Route = createFileRoute('/report')({
  staticData: { navBar: true, title: msg`Report a bug` },
  component: ReportPage,
})
