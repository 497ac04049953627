import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthPage } from '@/features/auth/auth-page'
import { authSearchSchema, emailedLinkOf } from '@/features/auth/auth-search'
import { loadScreenCatalogs } from '@/i18n/i18n'

// spec §2 /auth. Emailed links arrive as ?mode=resetPassword|verifyEmail&oobCode=...
export const Route = createFileRoute('/auth')({
  staticData: { navBar: false, title: msg`Sign in` },
  loader: () => loadScreenCatalogs('auth'),
  validateSearch: authSearchSchema,
  component: AuthRoute,
})

function AuthRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <AuthPage link={emailedLinkOf(search)} onLinkHandled={() => void navigate({ search: {}, replace: true })} />
}
