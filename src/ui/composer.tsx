import type { ReactNode } from 'react'
import './composer.css'

/**
 * The one-screen composer of each generator and the demo: the canvas (a 9:16
 * frame, src/ui/output-panel.tsx) on top with the input right under it on a
 * phone, side by side on a computer; the form ends in the sticky action bar.
 */
export function Composer({ canvas, children }: { canvas: ReactNode; children: ReactNode }) {
  return (
    <div className="composer">
      <div className="composer__canvas">{canvas}</div>
      <div className="composer__form">{children}</div>
    </div>
  )
}
