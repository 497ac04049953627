import { LipSyncStep } from './lip-sync-step'
import { StepNav } from './step-nav'
import { UgcStep } from './ugc-step'
import type { ProgressTimers } from './use-fake-progress'
import { useDemoWizard } from './use-demo-wizard'

/** The scripted two-step demo (spec §2 Demo): AI Actor, then Lip Sync. */
export function DemoWizard({ timers }: { timers?: ProgressTimers }) {
  const wizard = useDemoWizard(timers)
  return (
    <div className="demo-wizard">
      <StepNav
        step={wizard.step}
        onStepChange={wizard.goToStep}
        videoGenerated={wizard.videoGenerated}
        lipSyncComplete={wizard.lipSyncComplete}
      />
      {/* Both steps stay mounted so a run in one step goes on while the other is shown. */}
      <div hidden={wizard.step !== 1}>
        <UgcStep generation={wizard.generation} onAddVoice={wizard.addVoice} />
      </div>
      <div hidden={wizard.step !== 2}>
        <LipSyncStep
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
