import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import { canShareVideoFile, shareVideo } from './share-video'
import './share-video.css'

interface ShareVideoButtonProps {
  videoUrl: string
  /** The shared file's name, as for Download (e.g. `video-{id}.mp4`, spec §2). */
  filename: string
  /** The signed-in user's uid, so a kept copy is shared without the network. */
  uid: string | null
  className?: string
  /** A picture before the word, where the button sits among icon buttons. */
  icon?: ReactNode
}

/** "Share" for a finished video; absent where the browser cannot share files. */
export function ShareVideoButton({ videoUrl, filename, uid, className = 'btn', icon }: ShareVideoButtonProps) {
  const { t } = useLingui()
  const [supported] = useState(() => canShareVideoFile(filename))
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle')
  if (!supported) return null

  function share() {
    setState('busy')
    void shareVideo({ videoUrl, filename, uid, title: t`A video made with Actorly` }).then((outcome) => setState(outcome === 'failed' ? 'failed' : 'idle'))
  }

  return (
    <>
      <button type="button" className={className} onClick={share} disabled={state === 'busy'}>
        {icon}
        <Trans>Share</Trans>
      </button>
      {state === 'failed' && (
        <p className="field-error share-video__error" role="alert">
          <Trans>The video could not be shared. Check your connection and try again.</Trans>
        </p>
      )}
    </>
  )
}
