import { msg } from '@lingui/core/macro'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { generatorSearchSchema } from '@/features/generator/generator-search'
import { UgcActorPage } from '@/features/generator/ugc-actor-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

export const Route = createFileRoute('/ugc-actor')({
  staticData: { navBar: true, title: msg`UGC Actor` },
  loader: () => loadScreenCatalogs('generator'),
  validateSearch: generatorSearchSchema,
  // Step 1 is the default: keep it out of the address bar.
  search: { middlewares: [stripSearchParams({ step: 1 })] },
  component: UgcActorRoute,
})

function UgcActorRoute() {
  const { step, video } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <UgcActorPage
      step={step}
      video={video}
      // Only the search changes: stay where the user is (docs/decisions/0012).
      onNavigate={(next) => navigate({ search: (prev) => ({ ...prev, ...next }), resetScroll: false })}
    />
  )
}
