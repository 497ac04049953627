import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { ASPECT_RATIOS, RESOLUTIONS } from '@contract/constants'

/** spec §3 "General settings": the fieldset the generator and the demo put their settings in. */
export function GeneralSettings({ className, children }: { className: string; children: ReactNode }) {
  return (
    <fieldset className={className}>
      <legend>
        <Trans>General settings</Trans>
      </legend>
      {children}
    </fieldset>
  )
}

/** spec §3: only 9:16 is offered; the demo shows it fixed (disabled). */
export function AspectRatioField({ disabled = false }: { disabled?: boolean }) {
  const { t } = useLingui()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Aspect ratio</Trans>
      </label>
      <select id={id} defaultValue={ASPECT_RATIOS[0]} disabled={disabled}>
        <option value={ASPECT_RATIOS[0]}>{t`9:16 Portrait`}</option>
      </select>
    </div>
  )
}

/** spec §3: only 1080p is offered; the demo shows it fixed (disabled). */
export function ResolutionField({ disabled = false }: { disabled?: boolean }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Resolution</Trans>
      </label>
      <select id={id} defaultValue={RESOLUTIONS[0]} disabled={disabled}>
        <option value={RESOLUTIONS[0]}>{RESOLUTIONS[0]}</option>
      </select>
    </div>
  )
}
