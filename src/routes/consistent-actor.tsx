import { msg } from '@lingui/core/macro'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { generatorSearchSchema } from '@/features/generator/generator-search'
import { UgcActorPage } from '@/features/generator/ugc-actor-page'
import { loadScreenCatalogs } from '@/i18n/i18n'

// The landing page's "Consistent Character" link (spec §2): the generator, opened on
// the Consistent Actor option. The spec leaves its bar "not shown"; we show it (docs/decisions/0010).
export const Route = createFileRoute('/consistent-actor')({
  staticData: { navBar: true, title: msg`Consistent Actor` },
  loader: () => loadScreenCatalogs('generator'),
  validateSearch: generatorSearchSchema,
  // Step 1 is the default: keep it out of the address bar.
  search: { middlewares: [stripSearchParams({ step: 1 })] },
  component: ConsistentActorRoute,
})

function ConsistentActorRoute() {
  const { step, video } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <UgcActorPage
      initialMode="consistent"
      step={step}
      video={video}
      onNavigate={(next) => navigate({ search: (prev) => ({ ...prev, ...next }), resetScroll: false })}
    />
  )
}
