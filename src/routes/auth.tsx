import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthPage } from '@/features/auth/auth-page'

export const Route = createFileRoute('/auth')({
  staticData: { navBar: false, title: msg`Sign in` },
  component: AuthPage,
})
