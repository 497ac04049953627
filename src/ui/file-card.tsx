import type { ReactNode } from 'react'
import './file-card.css'

interface FileCardProps {
  /** A picture of the file: the image, the video's first frame, a play button for audio. */
  thumb?: ReactNode
  /** The thumbnail's shape: 9:16 for videos, square otherwise. */
  thumbShape?: 'portrait' | 'square'
  name: ReactNode
  /** Its length and size, as far as they are known. */
  meta?: ReactNode
  /** Under the name: the upload's progress, a status. */
  children?: ReactNode
  /** At the end of the row, e.g. Remove. */
  action?: ReactNode
}

/** A chosen file (spec §2 file card): its picture, name, length and size, and what can be done with it. */
export function FileCard({ thumb, thumbShape = 'square', name, meta, children, action }: FileCardProps) {
  return (
    <div className="file-card">
      {thumb !== undefined && (
        <div className="file-card__thumb" data-shape={thumbShape}>
          {thumb}
        </div>
      )}
      <div className="file-card__body">
        <span className="file-card__name">{name}</span>
        {meta !== undefined && <span className="file-card__meta">{meta}</span>}
        {children}
      </div>
      {action}
    </div>
  )
}
