// ffmpeg filter expressions for the rendered sample media (scripts/render-media.ts).
// Everything is drawn from maths, no stock footage: a stylised digital human over a
// moving gradient. Every motion repeats exactly every LOOP_SECONDS so clips loop seamlessly.
import type { Look, Motion, Rgb } from './media-looks.ts'

export const WIDTH = 360
export const HEIGHT = 640
export const LOOP_SECONDS = 4
const omega = (2 * Math.PI) / LOOP_SECONDS

/** The avatar's masks in geq registers 0-5 (body, neck, head, hair, eyes, closed mouth). */
const masks = [
  // Shoulders: a wide rounded top that flares slightly downwards.
  'st(0,max(clip((1-((X-180)*(X-180)/22500+(Y-420)*(Y-420)/4096))*30,0,1),clip(Y-420,0,1)*clip((150+(Y-420)*0.25-abs(X-180))/1.5,0,1)))',
  'st(1,clip((26-abs(X-180))/1.5,0,1)*clip(Y-290,0,1)*clip(385-Y,0,1))',
  'st(2,clip((1-((X-180)*(X-180)/3600+(Y-250)*(Y-250)/5476))*30,0,1))',
  // Hair: a larger ellipse behind the head, showing above the hairline and at the sides.
  'st(3,clip((1-((X-180)*(X-180)/4900+(Y-236)*(Y-236)/6724))*30,0,1)*(1-ld(2)*clip((Y-206)/5,0,1)))',
  'st(4,max(clip(6.5-hypot(X-157,Y-254),0,1),clip(6.5-hypot(X-203,Y-254),0,1)))',
  'st(5,clip((1-((X-180)*(X-180)/225+(Y-294)*(Y-294)/12.25))*4,0,1))',
].join(';')

function mix(a: string, b: string, mask: number): string {
  return `(${a})*(1-ld(${mask}))+(${b})*ld(${mask})`
}

function avatarChannel(c: 0 | 1 | 2, look: Look): string {
  const shade = 'clip(1.08-(Y-170)/900,0.8,1.1)'
  let v = `${look.outfit[c]}*ld(0)`
  v = mix(v, `${look.skin[c]}*0.82`, 1)
  v = mix(v, `${look.skin[c]}*${shade}`, 2)
  v = mix(v, `${look.hair[c]}`, 3)
  v = mix(v, '22', 4)
  v = mix(v, c === 0 ? '150' : '60', 5)
  return `${masks};clip(${v},0,255)`
}

/** A geq filter that draws the avatar (with alpha) onto a transparent 360x640 frame. */
export function avatarFilter(look: Look): string {
  const alpha = `${masks};255*max(max(ld(0),ld(1)),max(ld(2),ld(3)))`
  return `geq=r='${avatarChannel(0, look)}':g='${avatarChannel(1, look)}':b='${avatarChannel(2, look)}':a='${alpha}'`
}

/** The 0..1 blend between the two background colours, on a 45x80 grid (scaled up later). */
function blend(motion: Motion): string {
  switch (motion) {
    case 'wave':
      return `0.5+0.5*sin(2*PI*(X/W*0.7+Y/H*0.9)-T*${2 * omega})`
    case 'pulse':
      return `0.5+0.5*sin(hypot(X-W/2,Y-H*0.4)/W*4*PI-T*${3 * omega})`
    case 'sweep':
      return `0.5+0.5*sin(atan2(Y-H*0.4,X-W/2)*2+T*${omega})`
    case 'scan':
      return `clip(Y/H+0.15*sin(T*${omega}),0,1)`
  }
}

function backgroundChannel(c: 0 | 1 | 2, from: Rgb, to: Rgb, motion: Motion): string {
  const glow = '85*exp(-pow(hypot(X-W/2,Y-H*0.38)/(W*0.42),2))'
  // The scan band travels the frame height once per loop.
  const band = motion === 'scan' ? `+70*exp(-pow((Y-mod(T*${(80 + 20) / LOOP_SECONDS},100)+10)/3,2))` : ''
  return `st(0,${blend(motion)});clip(${from[c]}*(1-ld(0))+${to[c]}*ld(0)+${glow}${band},0,255)`
}

/** A geq filter for the moving background, meant for a 45x80 source scaled to 360x640. */
export function backgroundFilter(look: Look): string {
  const [r, g, b] = ([0, 1, 2] as const).map((c) => backgroundChannel(c, look.from, look.to, look.motion))
  return `geq=r='${r}':g='${g}':b='${b}'`
}

/** The avatar sways gently, once per loop. */
export const SWAY_X = `6*sin(t*${omega})`
export const SWAY_Y = `4*sin(t*${2 * omega})`

/** Voice-like syllable envelope (0..1) shared by the demo audio and the lip-sync mouth. */
export const SYLLABLES = 'abs(sin(2*PI*2.5*t))*gt(sin(2*PI*0.45*t+0.6),-0.6)'
/** A buzzy vowel at ~130 Hz with a few harmonics, shaped by the syllables. */
export const VOICE = `0.4*(${SYLLABLES})*(sin(2*PI*130*t+2*sin(2*PI*5*t))+0.55*sin(4*PI*130*t)+0.3*sin(6*PI*130*t)+0.18*sin(8*PI*130*t))/2`

export function drawText(text: string, options: { bold: boolean; size: number; x: string; y: string; boxOpacity: number; boxBorder: number }): string {
  const font = options.bold ? FONT_BOLD : FONT_REGULAR
  return `drawtext=fontfile=${font}:text='${text}':fontsize=${options.size}:fontcolor=white:x=${options.x}:y=${options.y}:box=1:boxcolor=black@${options.boxOpacity}:boxborderw=${options.boxBorder}`
}

export const FONT_REGULAR = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'
export const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'
