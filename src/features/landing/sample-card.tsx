import { Trans, useLingui } from '@lingui/react/macro'
import { CAROUSEL_CARD_WIDTH_PX } from '@contract/constants'
import type { Sample } from './samples'

/** Cards are 9:16 (spec §2 Landing page). */
const CARD_HEIGHT_PX = (CAROUSEL_CARD_WIDTH_PX * 16) / 9

type SampleCardProps = {
  sample: Sample
  /** The second copy that makes the loop seamless: hidden from assistive technology and the keyboard. */
  duplicate: boolean
  /** Without motion nothing plays by itself, so the visitor gets the player's controls. */
  withControls: boolean
}

/** One sample clip with its one label: drawn, not made by AI (docs/decisions/0083). Loads nothing until it plays. */
export function SampleCard({ sample, duplicate, withControls }: SampleCardProps) {
  const { i18n } = useLingui()
  const title = i18n._(sample.title)
  return (
    <li className="sample-card" aria-hidden={duplicate || undefined} inert={duplicate || undefined}>
      <video
        className="sample-card__video"
        src={sample.url}
        poster={sample.poster}
        width={CAROUSEL_CARD_WIDTH_PX}
        height={CARD_HEIGHT_PX}
        preload="none"
        muted
        playsInline
        loop
        controls={withControls}
        aria-label={title}
      />
      <div className="sample-card__text">
        <span className="sample-label">
          <Trans>Illustrative sample, made without AI</Trans>
        </span>
        <h3 className="sample-card__title">{title}</h3>
        <p className="sample-card__description">{i18n._(sample.description)}</p>
      </div>
    </li>
  )
}
