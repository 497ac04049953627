import { Trans } from '@lingui/react/macro'
import type { CaptionFiles } from '@contract/captions'
import { DownloadIcon } from './icons'
import './caption-downloads.css'

/** A captioned video's caption files, under it (docs/decisions/0234): WebVTT for the web, SubRip for editors. */
export function CaptionDownloads({ files }: { files: CaptionFiles }) {
  return (
    <div className="caption-downloads">
      <a className="btn btn--small" href={files.vtt} download="captions.vtt">
        <DownloadIcon size={16} />
        <Trans>Download captions (.vtt)</Trans>
      </a>
      <a className="btn btn--small" href={files.srt} download="captions.srt">
        <DownloadIcon size={16} />
        <Trans>Download captions (.srt)</Trans>
      </a>
    </div>
  )
}
