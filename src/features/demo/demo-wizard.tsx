import { useEffect, useRef, useState } from 'react'
import { LipSyncStep } from './lip-sync-step'
import { StepNav } from './step-nav'
import { UgcStep } from './ugc-step'
import type { ProgressTimers } from './use-fake-progress'
import { useDemoWizard } from './use-demo-wizard'

/** The scripted two-step demo (spec §2 Demo): AI Actor, then Lip Sync. */
export function DemoWizard({ timers }: { timers?: ProgressTimers }) {
  const wizard = useDemoWizard(timers)
  const wizardRef = useRef<HTMLDivElement>(null)
  const lipSyncHeadingRef = useRef<HTMLHeadingElement>(null)
  const [voiceRequests, setVoiceRequests] = useState(0)

  // Add voice hides the button that was pressed: take focus and the view to the
  // top of step 2, so neither keyboard nor phone users are left mid-page.
  useEffect(() => {
    if (voiceRequests === 0) return
    lipSyncHeadingRef.current?.focus({ preventScroll: true })
    if (typeof wizardRef.current?.scrollIntoView === 'function') wizardRef.current.scrollIntoView({ block: 'start' })
  }, [voiceRequests])

  const addVoice = () => {
    wizard.addVoice()
    setVoiceRequests((count) => count + 1)
  }

  return (
    <div ref={wizardRef} className="demo-wizard">
      <StepNav step={wizard.step} onStepChange={wizard.goToStep} videoGenerated={wizard.videoGenerated} lipSyncComplete={wizard.lipSyncComplete} />
      {/* Both steps stay mounted so a run in one step goes on while the other is shown. */}
      <div hidden={wizard.step !== 1}>
        <UgcStep generation={wizard.generation} onAddVoice={addVoice} />
      </div>
      <div hidden={wizard.step !== 2}>
        <LipSyncStep
          headingRef={lipSyncHeadingRef}
          lipSync={wizard.lipSync}
          hasInputVideo={wizard.hasInputVideo}
          removeInputVideo={wizard.removeInputVideo}
          restoreInputVideo={wizard.restoreInputVideo}
          startLipSync={wizard.startLipSync}
        />
      </div>
    </div>
  )
}
