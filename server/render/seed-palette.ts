// The UGC stand-in's background is decided by the seed (spec §3: seed 0 to
// 999999), so the same seed renders the same colours and another seed other
// colours, as a user expects of a seeded generator.

export interface BackgroundPalette {
  /** Base level 0..255 and swing of each RGB channel's wave. */
  channels: readonly [ChannelWave, ChannelWave, ChannelWave]
}
export interface ChannelWave {
  base: number
  swing: number
  /** Spatial frequency (radians per pixel of the small canvas) and phase. */
  frequency: number
  phase: number
  /** Radians per second: how fast the colour drifts. */
  speed: number
}

/** mulberry32: a tiny, well-distributed deterministic PRNG. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

export function paletteForSeed(seed: number): BackgroundPalette {
  const random = seededRandom(seed)
  const wave = (): ChannelWave => {
    const swing = round(50 + random() * 60, 2)
    return {
      base: round(swing + random() * (255 - 2 * swing), 2),
      swing,
      frequency: round(0.02 + random() * 0.06, 4),
      phase: round(random() * Math.PI * 2, 4),
      speed: round(0.6 + random() * 1.6, 4),
    }
  }
  return { channels: [wave(), wave(), wave()] }
}

/**
 * geq expressions (r, g, b) for the palette: each channel a wave across the
 * canvas (X, Y) drifting in time (T). Only numbers from the palette enter the
 * expression, never user text.
 */
export function backgroundExpressions(palette: BackgroundPalette): [string, string, string] {
  const axes = ['X', 'Y', '(X+Y)'] as const
  const [r, g, b] = palette.channels.map((c, i) => `${c.base}+${c.swing}*sin(${axes[i] ?? 'X'}*${c.frequency}+T*${c.speed}+${c.phase})`)
  return [r ?? '0', g ?? '0', b ?? '0']
}
