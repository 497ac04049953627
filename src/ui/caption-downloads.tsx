import { Trans } from '@lingui/react/macro'
import type { MouseEvent } from 'react'
import type { CaptionFiles } from '@contract/captions'
import { DownloadIcon } from './icons'
import './caption-downloads.css'

/**
 * Saves a caption file under its own name (captions.vtt): the stored file is
 * served under its storage key, which would win over the link's `download`
 * name. Fetched and saved from memory; if that fails the link opens as usual.
 */
function saveAs(event: MouseEvent<HTMLAnchorElement>, filename: string): void {
  const url = event.currentTarget.href
  event.preventDefault()
  void fetch(url)
    .then((answer) => (answer.ok ? answer.blob() : Promise.reject(new Error(String(answer.status)))))
    .then(
      (blob) => {
        const link = document.createElement('a')
        link.href = URL.createObjectURL(blob)
        link.download = filename
        link.hidden = true
        // Firefox starts a download only from a link in the document; Safari needs the URL for a while after.
        document.body.append(link)
        link.click()
        link.remove()
        setTimeout(() => URL.revokeObjectURL(link.href), 60_000)
      },
      () => window.open(url, '_blank', 'noopener'),
    )
}

/** A captioned video's caption files, under it (docs/decisions/0234): WebVTT for the web, SubRip for editors. */
export function CaptionDownloads({ files }: { files: CaptionFiles }) {
  return (
    <div className="caption-downloads">
      <a className="btn btn--small" href={files.vtt} download="captions.vtt" onClick={(event) => saveAs(event, 'captions.vtt')}>
        <DownloadIcon size={16} />
        <Trans>Download captions (.vtt)</Trans>
      </a>
      <a className="btn btn--small" href={files.srt} download="captions.srt" onClick={(event) => saveAs(event, 'captions.srt')}>
        <DownloadIcon size={16} />
        <Trans>Download captions (.srt)</Trans>
      </a>
    </div>
  )
}
