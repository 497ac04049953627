import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { DEMO_SEED, SEED_MAX, SEED_MIN } from '@contract/constants'
import { AspectRatioField, GeneralSettings, ResolutionField } from '@/ui/video-settings'
import { DEMO_MEDIA } from './demo-media'
import { OutputPanel } from './output-panel'
import { ProgressMeter } from './progress-meter'
import type { FakeProgress } from './use-fake-progress'

interface UgcStepProps {
  generation: FakeProgress
  onAddVoice: () => void
}

/**
 * Step 1 of the demo (spec §2 Demo): a fixed sample prompt and fixed settings
 * (seed 123456, 9:16 Portrait, 1080p); Generate runs the scripted progress.
 */
export function UgcStep({ generation, onAddVoice }: UgcStepProps) {
  const { t } = useLingui()
  const id = useId()
  const prompt = t`A friendly woman in her late twenties sits by a sunlit window in a cosy café, holding a ceramic cup. She smiles into her phone camera and talks warmly about her favourite morning routine, natural handheld selfie framing, soft daylight, authentic UGC style.`
  return (
    <div className="demo-step">
      <section className="card demo-form" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>
          <Trans>Create your AI actor</Trans>
        </h2>
        <p className="hint">
          <Trans>In the demo the prompt and settings are fixed. Press Generate to see how it works.</Trans>
        </p>
        <div className="field">
          <label htmlFor={`${id}-prompt`}>
            <Trans>Prompt</Trans>
          </label>
          <textarea id={`${id}-prompt`} className="demo-form__prompt" rows={6} value={prompt} disabled readOnly />
        </div>
        <GeneralSettings className="demo-settings">
          <div className="field">
            <label htmlFor={`${id}-seed`}>
              <Trans>Seed</Trans>
            </label>
            <input id={`${id}-seed`} type="number" min={SEED_MIN} max={SEED_MAX} value={DEMO_SEED} aria-describedby={`${id}-seed-hint`} disabled readOnly />
            <span id={`${id}-seed-hint`} className="hint">
              <Trans>
                Range {SEED_MIN} to {SEED_MAX}
              </Trans>
            </span>
          </div>
          <AspectRatioField disabled />
          <ResolutionField disabled />
        </GeneralSettings>
        <button type="button" className="btn btn--primary demo-form__submit" disabled={generation.isLoading} onClick={() => generation.start()}>
          {generation.isLoading ? (
            <>
              <span className="spinner" aria-hidden="true" />
              <Trans>Generating…</Trans>
            </>
          ) : (
            <Trans>Generate</Trans>
          )}
        </button>
        {generation.isLoading && <ProgressMeter percent={generation.percent} label={t`Video generation progress`} />}
      </section>
      <OutputPanel
        progress={generation}
        video={{ src: DEMO_MEDIA.generatedVideo, poster: DEMO_MEDIA.generatedPoster, label: t`Generated sample video` }}
        onAddVoice={onAddVoice}
      />
    </div>
  )
}
