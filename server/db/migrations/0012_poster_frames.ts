import type { Migration } from './migration.ts'

// Poster frames of finished videos (docs/decisions/0163): `thumbnail_url`
// (there since 0002, never written until now) names the poster; the video's
// measured length and when taking a poster last failed are new. A row whose
// poster could not be taken is not tried again by the backfill.
export const migration0012PosterFrames: Migration = {
  name: '0012_poster_frames',
  async up(db) {
    await db.schema.alterTable('generations').addColumn('output_duration_ms', 'integer').execute()
    await db.schema.alterTable('generations').addColumn('poster_failed_at', 'text').execute()
  },
}
