// The looks of the rendered sample media (scripts/render-media.ts). The ids must
// match src/features/landing/samples.ts, which a unit test checks against public/samples.

export type Rgb = readonly [number, number, number]
/** How the background moves: a drifting wave, pulsing rings, a rotating sweep or a scan band. */
export type Motion = 'wave' | 'pulse' | 'sweep' | 'scan'

export type Look = {
  /** Two background colours and the motion between them. */
  from: Rgb
  to: Rgb
  motion: Motion
  skin: Rgb
  hair: Rgb
  outfit: Rgb
}

export type SampleLook = Look & { id: string; caption: string }

const violet: Rgb = [139, 92, 246]
const cyan: Rgb = [34, 211, 238]
const pink: Rgb = [236, 72, 153]
const amber: Rgb = [245, 158, 11]
const emerald: Rgb = [16, 185, 129]
const blue: Rgb = [59, 130, 246]
const rose: Rgb = [244, 63, 94]
const indigo: Rgb = [49, 46, 129]
const teal: Rgb = [13, 148, 136]
const orange: Rgb = [249, 115, 22]
const lime: Rgb = [132, 204, 22]
const slate: Rgb = [30, 41, 59]

const skinTones: readonly Rgb[] = [
  [241, 204, 176],
  [224, 172, 128],
  [198, 134, 90],
  [141, 85, 54],
  [92, 56, 36],
  [250, 220, 196],
]
const hairTones: readonly Rgb[] = [
  [30, 22, 18],
  [92, 58, 33],
  [210, 170, 90],
  [20, 20, 28],
  [160, 60, 40],
  [235, 235, 240],
]

function look(i: number, from: Rgb, to: Rgb, motion: Motion, outfit: Rgb): Look {
  const skin = skinTones[i % skinTones.length] ?? [241, 204, 176]
  const hair = hairTones[(i * 5) % hairTones.length] ?? [30, 22, 18]
  return { from, to, motion, outfit, skin, hair }
}

export const SAMPLE_LOOKS: readonly SampleLook[] = [
  { id: 'neon-presenter', caption: 'Neon Presenter', ...look(0, violet, cyan, 'wave', slate) },
  { id: 'skincare-review', caption: 'Skincare Review', ...look(1, pink, amber, 'pulse', [250, 250, 250]) },
  { id: 'tech-unboxing', caption: 'Tech Unboxing', ...look(2, blue, indigo, 'scan', [15, 23, 42]) },
  { id: 'fitness-coach', caption: 'Fitness Coach', ...look(3, lime, teal, 'sweep', rose) },
  { id: 'travel-vlog', caption: 'Travel Vlog', ...look(4, orange, blue, 'wave', [254, 243, 199]) },
  { id: 'morning-coffee', caption: 'Morning Coffee', ...look(5, amber, [120, 53, 15], 'pulse', [68, 64, 60]) },
  { id: 'fashion-haul', caption: 'Fashion Haul', ...look(6, rose, violet, 'sweep', [17, 17, 17]) },
  { id: 'app-walkthrough', caption: 'App Walkthrough', ...look(7, cyan, emerald, 'scan', [30, 58, 138]) },
  { id: 'recipe-teaser', caption: 'Recipe Teaser', ...look(8, [220, 38, 38], amber, 'wave', [255, 255, 255]) },
  { id: 'game-streamer', caption: 'Game Streamer', ...look(9, [168, 85, 247], emerald, 'scan', [0, 0, 0]) },
  { id: 'home-tour', caption: 'Home Tour', ...look(10, teal, [253, 230, 138], 'sweep', [87, 83, 78]) },
  { id: 'language-tutor', caption: 'Language Tutor', ...look(11, blue, pink, 'pulse', [22, 101, 52]) },
  { id: 'web3-explainer', caption: 'Web3 Explainer', ...look(12, indigo, cyan, 'scan', [76, 29, 149]) },
  { id: 'podcast-clip', caption: 'Podcast Clip', ...look(13, [124, 45, 18], orange, 'pulse', [24, 24, 27]) },
  { id: 'music-promo', caption: 'Music Promo', ...look(14, pink, blue, 'sweep', [12, 10, 9]) },
  { id: 'support-agent', caption: 'Support Agent', ...look(15, emerald, violet, 'wave', [30, 64, 175]) },
]

/** The demo's "generated actor" (public/demo/ugc.mp4) and its lip-synced twin. */
export const DEMO_LOOK: Look = look(1, violet, cyan, 'wave', slate)
