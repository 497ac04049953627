// The Actorly logo mark as SVG: a stylised 'A' whose counter holds a play symbol,
// drawn in the app's dark ink on the violet -> cyan accent gradient (src/styles/global.css).
// One source for the favicon and every raster icon (scripts/render-icons.ts).

const violet = '#8b5cf6'
const cyan = '#22d3ee'
const ink = '#0b0b14'

/** The 'A' and the play symbol, drawn on a 512 x 512 canvas. */
const mark = `
  <path d="M136 396 L256 116 L376 396" fill="none" stroke="${ink}" stroke-width="56" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M232 282 L232 366 L300 324 Z" fill="${ink}" stroke="${ink}" stroke-width="14" stroke-linejoin="round"/>`

const gradient = `
  <defs>
    <linearGradient id="accent" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${violet}"/>
      <stop offset="1" stop-color="${cyan}"/>
    </linearGradient>
  </defs>`

export type MarkShape = 'rounded' | 'square' | 'maskable'

/**
 * `rounded`: the everyday icon and favicon, a rounded tile with transparent corners.
 * `square`: full bleed, for Apple's touch icon (iOS rounds the corners itself and
 * would paint transparent corners black).
 * `maskable`: full bleed with the mark shrunk well inside the central 80 % (the
 * maskable safe zone), so any platform mask keeps it whole.
 */
export function logoSvg(shape: MarkShape): string {
  const background =
    shape === 'rounded' ? `<rect width="512" height="512" rx="112" fill="url(#accent)"/>` : `<rect width="512" height="512" fill="url(#accent)"/>`
  // Scaled to 70 % around the centre, the mark's farthest point stays within a
  // circle of 40 % of the tile's width, the maskable safe zone.
  const body = shape === 'maskable' ? `<g transform="translate(76.8 76.8) scale(0.7)">${mark}</g>` : mark
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">${gradient}${background}${body}</svg>`
}
