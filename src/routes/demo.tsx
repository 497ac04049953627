import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { DemoPage } from '@/features/demo/demo-page'

export const Route = createFileRoute('/demo')({
  staticData: { navBar: true, title: msg`Demo` },
  component: DemoPage,
})
