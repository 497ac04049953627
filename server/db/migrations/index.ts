import { migration0001Core } from './0001_core.ts'
import { migration0002Generations } from './0002_generations.ts'
import { migration0003SharedLimitsAndMedia } from './0003_shared_limits_and_media.ts'
import { migration0004JobLeases } from './0004_job_leases.ts'
import { migration0005Privacy } from './0005_privacy.ts'
import { migration0006PushNotifications } from './0006_push_notifications.ts'
import { migration0010VoiceAndCaptions } from './0010_voice_and_captions.ts'
import { migration0012PosterFrames } from './0012_poster_frames.ts'
import { migration0013DeveloperApi } from './0013_developer_api.ts'
import type { Migration } from './migration.ts'

// Every migration. Kysely runs them in the order of their names and refuses a
// database that ran a later name than a new one, so a new migration's number is
// above every shipped one (index.test.ts checks); never edit or rename one that
// has shipped.
export const migrations: readonly Migration[] = [
  migration0001Core,
  migration0002Generations,
  migration0003SharedLimitsAndMedia,
  migration0004JobLeases,
  migration0005Privacy,
  migration0006PushNotifications,
  migration0010VoiceAndCaptions,
  migration0012PosterFrames,
  migration0013DeveloperApi,
]
