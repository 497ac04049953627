import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { ASPECT_RATIOS, DEMO_SEED, RESOLUTIONS, SEED_MAX, SEED_MIN } from '@contract/constants'
import { ActionBar } from '@/ui/action-bar'
import { Composer } from '@/ui/composer'
import { DownloadIcon, RefreshIcon } from '@/ui/icons'
import { AddVoiceButton } from '@/ui/output-panel'
import { SettingsDisclosure } from '@/ui/settings-disclosure'
import { AspectRatioField, GeneralSettings, ResolutionField } from '@/ui/video-settings'
import { DEMO_MEDIA, DOWNLOAD_FILE_NAME } from './demo-media'
import { OutputPanel } from './output-panel'
import type { FakeProgress } from './use-fake-progress'

interface UgcStepProps {
  generation: FakeProgress
  onAddVoice: () => void
}

/**
 * Step 1 of the demo (spec §2 Demo) in the app's composer: a fixed sample prompt
 * and fixed settings (seed 123456, 9:16 Portrait, 1080p); Generate runs the
 * scripted progress on the canvas, then the bar offers Download and Add voice.
 */
export function UgcStep({ generation, onAddVoice }: UgcStepProps) {
  const { t } = useLingui()
  const id = useId()
  const prompt = t`A friendly woman in her late twenties sits by a sunlit window in a cosy café, holding a ceramic cup. She smiles into her phone camera and talks warmly about her favourite morning routine, natural handheld selfie framing, soft daylight, authentic UGC style.`
  const done = generation.phase === 'done'
  return (
    <Composer
      canvas={
        <OutputPanel
          progress={generation}
          progressLabel={t`Video generation progress`}
          video={{ src: DEMO_MEDIA.generatedVideo, poster: DEMO_MEDIA.generatedPoster, label: t`Generated sample video` }}
        />
      }
    >
      <section className="composer-form" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="visually-hidden">
          <Trans>Create your AI actor</Trans>
        </h2>
        <div className="field">
          <label htmlFor={`${id}-prompt`}>
            <Trans>Prompt</Trans>
          </label>
          <textarea id={`${id}-prompt`} className="demo-form__prompt" rows={4} value={prompt} disabled readOnly aria-describedby={`${id}-hint`} />
          <span id={`${id}-hint`} className="hint">
            <Trans>In the demo the prompt and settings are fixed. Press Generate to see how it works.</Trans>
          </span>
        </div>
        <SettingsDisclosure summary={[t`Seed ${DEMO_SEED}`, ASPECT_RATIOS[0], RESOLUTIONS[0]]}>
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
        </SettingsDisclosure>
        {done ? (
          <ActionBar>
            <button
              type="button"
              className="btn action-bar__secondary"
              onClick={() => generation.start()}
              aria-label={t`Generate again`}
              title={t`Generate again`}
            >
              <RefreshIcon />
              <span aria-hidden="true">
                <Trans>Again</Trans>
              </span>
            </button>
            <a className="btn action-bar__secondary" href={DEMO_MEDIA.generatedVideo} download={DOWNLOAD_FILE_NAME}>
              <DownloadIcon />
              <Trans>Download</Trans>
            </a>
            <AddVoiceButton className="btn btn--primary action-bar__primary" onClick={onAddVoice} />
          </ActionBar>
        ) : (
          <ActionBar>
            <button type="button" className="btn btn--primary action-bar__primary" disabled={generation.isLoading} onClick={() => generation.start()}>
              {generation.isLoading ? (
                <>
                  <span className="spinner" aria-hidden="true" />
                  <Trans>Generating…</Trans>
                </>
              ) : (
                <Trans>Generate</Trans>
              )}
            </button>
          </ActionBar>
        )}
      </section>
    </Composer>
  )
}
