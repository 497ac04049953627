import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { DemoPage } from '@/features/demo/demo-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

export const Route = createFileRoute('/demo')({
  staticData: { navBar: true, title: msg`Demo` },
  loader: () => loadScreenCatalogs('demo'),
  component: DemoPage,
})
