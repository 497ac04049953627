import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { generatorSearchSchema } from '@/features/generator/generator-search'
import { UgcActorPage } from '@/features/generator/ugc-actor-page'

export const Route = createFileRoute('/ugc-actor')({
  staticData: { navBar: true, title: msg`UGC Actor` },
  validateSearch: generatorSearchSchema,
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
      onStepChange={(next) => navigate({ search: (prev) => ({ ...prev, step: next }), resetScroll: false })}
    />
  )
}
