import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { SettingsDisclosure } from '@/ui/settings-disclosure'
import { Toggle } from '@/ui/toggle'
import { AspectRatioField, GeneralSettings, ResolutionField } from '@/ui/video-settings'
import { ASPECT_RATIOS, DEFAULT_DURATION, RESOLUTIONS, SEED_MAX, SEED_MIN } from '@contract/constants'

interface UgcSettingsProps {
  /** The seed as typed: blank means random (spec §3). */
  seed: string
  seedError: string | null
  onSeedChange: (seed: string) => void
  enhanced: boolean
  onEnhancedChange: (enhanced: boolean) => void
}

/**
 * spec §3 UGC generation settings, folded under "Settings": seed (0–999999,
 * blank = random), aspect ratio (only 9:16 offered), resolution (only 1080p),
 * duration (5) and the 'enhanced actor' toggle. The fold's line says how they stand.
 */
export function UgcSettings({ seed, seedError, onSeedChange, enhanced, onEnhancedChange }: UgcSettingsProps) {
  const { t } = useLingui()
  const id = useId()
  const seconds = Number(DEFAULT_DURATION)
  const trimmedSeed = seed.trim()
  const summary = [ASPECT_RATIOS[0], RESOLUTIONS[0], t`${seconds} s`, trimmedSeed === '' ? null : t`Seed ${trimmedSeed}`, enhanced ? t`Enhanced` : null].filter(
    (part) => part !== null,
  )
  return (
    <SettingsDisclosure summary={summary} reveal={seedError !== null}>
      <GeneralSettings className="ugc-settings">
        <div className="field ugc-settings__seed">
          <label htmlFor={`${id}-seed`}>
            <Trans>Seed</Trans>
          </label>
          <input
            id={`${id}-seed`}
            // Text, not number: a browser empties what a number input cannot parse, and the user should see why it is refused.
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t`Random`}
            value={seed}
            onChange={(event) => onSeedChange(event.target.value)}
            aria-invalid={seedError !== null}
            aria-describedby={`${id}-seed-hint${seedError ? ` ${id}-seed-error` : ''}`}
          />
          <span id={`${id}-seed-hint`} className="hint">
            <Trans>
              {SEED_MIN} to {SEED_MAX}; leave blank for a random seed
            </Trans>
          </span>
          {seedError && (
            <span id={`${id}-seed-error`} className="field-error" role="alert">
              {seedError}
            </span>
          )}
        </div>
        <AspectRatioField />
        <ResolutionField />
        <div className="field">
          <label htmlFor={`${id}-duration`}>
            <Trans>Duration</Trans>
          </label>
          <select id={`${id}-duration`} defaultValue={DEFAULT_DURATION}>
            <option value={DEFAULT_DURATION}>{t`${seconds} seconds`}</option>
          </select>
        </div>
        <div className="ugc-settings__toggle">
          <Toggle
            label={<Trans>Enhanced actor</Trans>}
            checked={enhanced}
            onCheckedChange={onEnhancedChange}
            hint={<Trans>More detailed faces and motion, at a higher cost.</Trans>}
          />
        </div>
      </GeneralSettings>
    </SettingsDisclosure>
  )
}
