import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

// The 16 sample clips of the landing carousel (spec §1, §2 Landing page). The files
// are rendered by scripts/render-media.ts into public/samples/ (ids match
// scripts/media-looks.ts). They are drawn by ffmpeg, not made by AI, and each card says so
// (docs/decisions/0083).

export type Sample = {
  id: string
  url: string
  poster: string
  title: MessageDescriptor
  description: MessageDescriptor
}

function sample(id: string, title: MessageDescriptor, description: MessageDescriptor): Sample {
  return { id, url: `/samples/${id}.mp4`, poster: `/samples/${id}.webp`, title, description }
}

export const SAMPLES: readonly Sample[] = [
  sample('neon-presenter', msg`Neon Presenter`, msg`A host introduces your product under neon light.`),
  sample('skincare-review', msg`Skincare Review`, msg`An honest-sounding review of a morning routine.`),
  sample('tech-unboxing', msg`Tech Unboxing`, msg`First impressions of a new gadget, straight to camera.`),
  sample('fitness-coach', msg`Fitness Coach`, msg`A quick motivation clip before the workout.`),
  sample('travel-vlog', msg`Travel Vlog`, msg`A traveller shares a tip from the road.`),
  sample('morning-coffee', msg`Morning Coffee`, msg`A cosy recommendation for a favourite roast.`),
  sample('fashion-haul', msg`Fashion Haul`, msg`Showing off this season's new pieces.`),
  sample('app-walkthrough', msg`App Walkthrough`, msg`An app's best feature explained in seconds.`),
  sample('recipe-teaser', msg`Recipe Teaser`, msg`A teaser for tonight's five-minute dinner.`),
  sample('game-streamer', msg`Game Streamer`, msg`A streamer hypes the next live session.`),
  sample('home-tour', msg`Home Tour`, msg`A warm welcome into a newly styled living room.`),
  sample('language-tutor', msg`Language Tutor`, msg`A friendly tutor teaches the phrase of the day.`),
  sample('web3-explainer', msg`Web3 Explainer`, msg`Wallets and tokens explained in plain words.`),
  sample('podcast-clip', msg`Podcast Clip`, msg`A punchy highlight cut from a longer episode.`),
  sample('music-promo', msg`Music Promo`, msg`An artist announces a new single.`),
  sample('support-agent', msg`Support Agent`, msg`A calm answer to a customer's common question.`),
]
