import { migration0001Core } from './0001_core.ts'
import { migration0002Generations } from './0002_generations.ts'
import { migration0003SharedLimitsAndMedia } from './0003_shared_limits_and_media.ts'
import { migration0004JobLeases } from './0004_job_leases.ts'
import { migration0005Privacy } from './0005_privacy.ts'
import { migration0006PushNotifications } from './0006_push_notifications.ts'
import { migration0010VoiceAndCaptions } from './0010_voice_and_captions.ts'
import type { Migration } from './migration.ts'

// Every migration, in the order it runs. Append new ones at the end; never edit
// or reorder one that has shipped.
export const migrations: readonly Migration[] = [
  migration0001Core,
  migration0002Generations,
  migration0003SharedLimitsAndMedia,
  migration0004JobLeases,
  migration0005Privacy,
  migration0006PushNotifications,
  migration0010VoiceAndCaptions,
]
