import type { Generated } from 'kysely'

// Tables of the generation domain (owned by server/domain/generations.ts).
// A job is "active" while queued or running; a partial unique index allows one
// active job per user (architecture: one generation at a time, enforced by the DB).
export type GenerationKind = 'ugc' | 'lipsync' | 'consistent'
export type GenerationStatus = 'queued' | 'running' | 'completed' | 'failed'
export const ACTIVE_GENERATION_STATUSES = ['queued', 'running'] as const satisfies readonly GenerationStatus[]

export interface GenerationsTable {
  id: string
  user_id: string
  kind: GenerationKind
  status: GenerationStatus
  /** Which provider runs it ('local' or 'fal') and its request id, stored before the start call answers. */
  provider: string
  provider_request_id: string | null
  /** The request body as JSON text (prompt, seed, urls, model, ...). */
  params: string
  prompt: string
  cost_hundredths: number
  output_url: string | null
  thumbnail_url: string | null
  error: string | null
  progress_current: number
  progress_total: number
  created_at: Generated<string>
  updated_at: string
}

export interface GenerationTables {
  generations: GenerationsTable
}
