import { useCallback, useState } from 'react'
import { type FakeProgress, type ProgressTimers, useFakeProgress } from './use-fake-progress'

export type DemoStep = 1 | 2

export interface DemoWizard {
  step: DemoStep
  goToStep: (step: DemoStep) => void
  /** Step 1: the scripted UGC generation. */
  generation: FakeProgress
  /** Step 2: the scripted lip sync. */
  lipSync: FakeProgress
  videoGenerated: boolean
  lipSyncComplete: boolean
  /** Whether the sample video is set as the lip-sync input video. */
  hasInputVideo: boolean
  removeInputVideo: () => void
  restoreInputVideo: () => void
  /** spec §2: moves to step 2 with the generated video as input and clears any lip-sync result. */
  addVoice: () => void
  startLipSync: () => boolean
}

/** The state of the scripted two-step demo (spec §2 Demo); no server call anywhere. */
export function useDemoWizard(timers?: ProgressTimers): DemoWizard {
  const [step, setStep] = useState<DemoStep>(1)
  // The demo's lip sync always starts from its sample clip (docs/decisions/0040).
  const [hasInputVideo, setHasInputVideo] = useState(true)
  const generation = useFakeProgress({ timers })
  const lipSync = useFakeProgress({ timers })
  const resetLipSync = lipSync.reset
  const runLipSync = lipSync.start

  const addVoice = useCallback(() => {
    resetLipSync()
    setHasInputVideo(true)
    setStep(2)
  }, [resetLipSync])

  const removeInputVideo = useCallback(() => setHasInputVideo(false), [])
  const restoreInputVideo = useCallback(() => setHasInputVideo(true), [])

  const startLipSync = useCallback(() => (hasInputVideo ? runLipSync() : false), [hasInputVideo, runLipSync])

  return {
    step,
    goToStep: setStep,
    generation,
    lipSync,
    videoGenerated: generation.phase === 'done',
    lipSyncComplete: lipSync.phase === 'done',
    hasInputVideo,
    removeInputVideo,
    restoreInputVideo,
    addVoice,
    startLipSync,
  }
}
