import { queryOptions } from '@tanstack/react-query'
import { VOICE_CATALOG_PATH, voiceCatalogSchema, type VoiceCatalog } from '@contract/voice'

// GET api/fal/v1/voices (docs/api.md, "A voice from a script"): the voices of
// each language with their sample's URL (plain, playable in <audio>), what a
// voice costs (VOICE_COST) and who makes it ('local': label it "Local preview
// voice – not AI"). The same for everyone and for the life of a deployment.

export async function getVoiceCatalog(): Promise<VoiceCatalog> {
  const { api } = await import('@/api/http')
  return voiceCatalogSchema.parse(await api.get(VOICE_CATALOG_PATH).json())
}

export const voiceCatalogQuery = () => queryOptions({ queryKey: ['voice-catalog'] as const, queryFn: getVoiceCatalog, staleTime: Number.POSITIVE_INFINITY })
