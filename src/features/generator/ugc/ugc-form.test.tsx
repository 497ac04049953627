import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { JobView, LipSyncParams, UgcParams } from '@/jobs/types'
import type { Session } from '@/session/session'
import { LipSyncForm } from '../lip-sync/lip-sync-form'
import { adaWithCredits, renderGenerator } from '../test/render-generator'
import type { CanvasResult } from '../generator-bar'
import { UgcForm } from './ugc-form'

interface FormOptions {
  view?: JobView
  session?: Session['status']
  credits?: number
  jobParams?: UgcParams
  result?: CanvasResult | null
}

async function renderForm(options: FormOptions = {}) {
  const onStart = vi.fn<(params: UgcParams) => void>()
  const onClearNotice = vi.fn<() => void>()
  const form = (view: JobView, result = options.result) => (
    <UgcForm
      view={view}
      session={options.session ?? 'signed-in'}
      onStart={onStart}
      onClearNotice={onClearNotice}
      jobParams={options.jobParams}
      result={result}
    />
  )
  const view = await renderGenerator(form(options.view ?? { phase: 'idle' }), adaWithCredits(options.credits ?? 10))
  /** The job's view changes (a start refused, a job ended), with the canvas's video if there is one. */
  const show = (next: JobView, result?: CanvasResult | null) => view.rerender(form(next, result))
  return { onStart, onClearNotice, view, show, user: userEvent.setup({ delay: null }) }
}

const prompt = () => screen.getByRole('textbox', { name: 'Prompt' })
const seed = () => screen.getByRole('textbox', { name: 'Seed' })
/** The action bar's start, named with its cost (e.g. 'Generate · 1.75 credits'). */
const generate = () => screen.getByRole('button', { name: /^Generate · \d\.\d\d credits$/ })
const templates = () => within(screen.getByRole('region', { name: 'Prompt templates' })).getAllByRole('listitem')

describe('UgcForm templates (spec §2, §3)', () => {
  it('lists six templates and filters them by category', async () => {
    const { user } = await renderForm()
    expect(templates()).toHaveLength(6)
    await user.click(screen.getByRole('button', { name: 'Lifestyle' }))
    expect(templates().map((item) => item.textContent)).toEqual([expect.stringMatching(/^Beach lifestyle/), expect.stringMatching(/^Selfie review/)])
    await user.click(screen.getByRole('button', { name: 'Business' }))
    expect(templates().map((item) => item.textContent)).toEqual([expect.stringMatching(/^Office pitch/), expect.stringMatching(/^Keynote stage/)])
    await user.click(screen.getByRole('button', { name: 'Professional' }))
    expect(templates().map((item) => item.textContent)).toEqual([expect.stringMatching(/^Podcast host/), expect.stringMatching(/^Healthcare expert/)])
    expect(screen.getByRole('button', { name: 'Professional' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: 'All' }))
    expect(templates()).toHaveLength(6)
  })

  it('picking a template fills the prompt and marks it; typing unmarks it', async () => {
    const { user } = await renderForm()
    const beach = screen.getByRole('button', { name: /Beach lifestyle/ })
    await user.click(beach)
    expect(prompt()).toHaveDisplayValue(/sandy beach at golden hour/)
    expect(beach).toHaveAttribute('aria-pressed', 'true')
    await user.type(prompt(), '!')
    expect(beach).toHaveAttribute('aria-pressed', 'false')
  })
})

describe('UgcForm checks and start (spec §5, §8)', () => {
  it('asks signed-out visitors to log in and starts nothing', async () => {
    const { user, onStart } = await renderForm({ session: 'signed-out' })
    await user.type(prompt(), 'A chef in a busy kitchen')
    await user.click(generate())
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in to the system to generate the video.')
    expect(onStart).not.toHaveBeenCalled()
  })

  it('waits for the session to boot before Generate works', async () => {
    await renderForm({ session: 'loading' })
    expect(generate()).toBeDisabled()
  })

  it('needs a prompt (prompt_required)', async () => {
    const { user, onStart } = await renderForm()
    await user.type(prompt(), '   ')
    await user.click(generate())
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a prompt.')
    expect(prompt()).toHaveAttribute('aria-invalid', 'true')
    expect(onStart).not.toHaveBeenCalled()
  })

  it.each(['1000000', '-1', '1.5', 'abc'])('refuses the seed %s', async (value) => {
    const { user, onStart } = await renderForm()
    await user.type(prompt(), 'A chef')
    await user.type(seed(), value)
    await user.click(generate())
    // The seed's schema loads on the first start (docs/decisions/0203).
    await vi.waitFor(() => expect(seed()).toHaveAttribute('aria-invalid', 'true'))
    expect(seed()).toHaveAccessibleDescription(/must be a whole number from 0 to 999999/)
    expect(onStart).not.toHaveBeenCalled()
  })

  it('starts with the trimmed prompt, a blank seed as random and the enhanced toggle', async () => {
    const { user, onStart } = await renderForm()
    await user.type(prompt(), '  A chef in a busy kitchen  ')
    await user.click(generate())
    expect(onStart).toHaveBeenLastCalledWith({ kind: 'ugc', prompt: 'A chef in a busy kitchen', seed: null, enhanced: false, enhancedLipSync: false })
    await user.type(seed(), '999999')
    await user.click(screen.getByRole('switch', { name: 'Enhanced actor' }))
    await user.click(generate())
    expect(onStart).toHaveBeenLastCalledWith({ kind: 'ugc', prompt: 'A chef in a busy kitchen', seed: 999999, enhanced: true, enhancedLipSync: false })
  })

  it("carries the session's enhanced lip sync flag, set in step 2, into the UGC job (spec §4 3500 ms; decision 0251)", async () => {
    const onLipSync = vi.fn<(params: LipSyncParams) => void>()
    const lipSync = <LipSyncForm initialVideoUrl={undefined} session="signed-in" view={{ phase: 'idle' }} onStart={onLipSync} onClearNotice={() => undefined} />
    const { user, onStart, view } = await renderForm()
    const ugcForm = <UgcForm view={{ phase: 'idle' }} session="signed-in" onStart={onStart} onClearNotice={() => undefined} />
    view.rerender(lipSync)
    await user.click(screen.getByRole('switch', { name: 'Enhanced lip sync' }))
    view.rerender(ugcForm)
    await user.type(prompt(), 'A chef')
    await user.click(generate())
    expect(onStart).toHaveBeenLastCalledWith(expect.objectContaining({ enhanced: false, enhancedLipSync: true }))
    // Back in step 2 the toggle is still on; turning it off reaches step 1 too.
    view.rerender(lipSync)
    expect(screen.getByRole('switch', { name: 'Enhanced lip sync' })).toBeChecked()
    await user.click(screen.getByRole('switch', { name: 'Enhanced lip sync' }))
    view.rerender(ugcForm)
    await user.type(prompt(), 'A chef')
    await user.click(generate())
    expect(onStart).toHaveBeenLastCalledWith(expect.objectContaining({ enhancedLipSync: false }))
  })

  it('clears the no-credits notice when turning enhanced off brings the cost within the balance (1.90 credits)', async () => {
    const { user, show, onClearNotice } = await renderForm({ credits: 1.9 })
    await user.click(screen.getByRole('switch', { name: 'Enhanced actor' }))
    show({ phase: 'no-credits' })
    expect(onClearNotice).not.toHaveBeenCalled()
    await user.click(screen.getByRole('switch', { name: 'Enhanced actor' }))
    expect(onClearNotice).toHaveBeenCalled()
  })

  it('names the cost in the action bar before starting: 1.75, or 2.00 enhanced (spec §9)', async () => {
    const { user } = await renderForm()
    expect(generate()).toHaveAccessibleName('Generate · 1.75 credits')
    await user.click(screen.getByRole('switch', { name: 'Enhanced actor' }))
    expect(generate()).toHaveAccessibleName('Generate · 2.00 credits')
    // The fold's line says how the settings stand.
    expect(screen.getByText('Settings').closest('summary')).toHaveTextContent('9:16 · 1080p · 5 s · Enhanced')
  })

  it('says how many credits are missing and leads to /purchase; the notice goes the moment the input is affordable (decision 0135)', async () => {
    const { user, onStart } = await renderForm({ credits: 1.9 })
    await user.click(screen.getByRole('switch', { name: 'Enhanced actor' }))
    expect(screen.getByRole('status')).toHaveTextContent('0.10 credits missing')
    expect(screen.getByRole('link', { name: 'Add credits' })).toHaveAttribute('href', '/purchase')
    expect(screen.queryByRole('button', { name: /^Generate/ })).toBeNull()
    await user.click(screen.getByRole('switch', { name: 'Enhanced actor' }))
    expect(screen.queryByText(/credits missing/)).toBeNull()
    expect(screen.queryByRole('link', { name: 'Add credits' })).toBeNull()
    await user.type(prompt(), 'A chef')
    await user.click(generate())
    expect(onStart).toHaveBeenCalledOnce()
  })

  it('never says credits are missing for the demo account, whose UGC videos cost nothing (spec §6, decision 0071)', async () => {
    vi.stubEnv('VITE_DEMO_ACCOUNT_EMAIL', 'ada@example.com')
    try {
      await renderForm({ credits: 0 })
      expect(generate()).toBeEnabled()
      expect(screen.queryByText(/credits missing/)).toBeNull()
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it("after the server's no-credits refusal the bar leads to /purchase even where the balance on the device looked enough", async () => {
    await renderForm({ credits: 10, view: { phase: 'no-credits' } })
    expect(screen.getByRole('status')).toHaveTextContent("You don't have enough credits to generate the video.")
    expect(screen.getByRole('link', { name: 'Add credits' })).toHaveAttribute('href', '/purchase')
  })

  it('offers only 9:16, 1080p and 5 seconds (spec §3, §9)', async () => {
    await renderForm()
    expect(screen.getByRole('combobox', { name: 'Aspect ratio' })).toHaveDisplayValue('9:16 Portrait')
    expect(screen.getByRole('combobox', { name: 'Resolution' })).toHaveDisplayValue('1080p')
    expect(screen.getByRole('combobox', { name: 'Duration' })).toHaveDisplayValue('5 seconds')
    expect(screen.getAllByRole('option')).toHaveLength(3)
  })
})

describe('UgcForm while a job runs and after it fails (spec §4, §8)', () => {
  it('disables the action bar while the job runs (the canvas shows its progress)', async () => {
    await renderForm({ view: { phase: 'generating', requestId: 'r1', percent: 0, hangTight: true } })
    expect(screen.getByRole('button', { name: /Generating/ })).toBeDisabled()
    expect(screen.queryByRole('button', { name: /^Generate ·/ })).toBeNull()
  })

  it("shows the running job's own inputs, e.g. after a reload (decision 0136), and keeps later edits", async () => {
    const jobParams: UgcParams = { kind: 'ugc', prompt: 'A diver waves from a boat', seed: 4242, enhanced: true, enhancedLipSync: false }
    const { user } = await renderForm({ view: { phase: 'generating', requestId: 'r1', percent: 12, hangTight: false }, jobParams })
    expect(prompt()).toHaveDisplayValue('A diver waves from a boat')
    expect(seed()).toHaveDisplayValue('4242')
    expect(screen.getByRole('switch', { name: 'Enhanced actor' })).toBeChecked()
    await user.type(prompt(), '!')
    expect(prompt()).toHaveDisplayValue('A diver waves from a boat!')
  })

  it('marks the template a running job was started from', async () => {
    const { user, onStart } = await renderForm()
    await user.click(screen.getByRole('button', { name: /Podcast host/ }))
    await user.click(generate())
    const started = onStart.mock.calls[0]?.[0]
    if (started === undefined) throw new Error('not started')
    document.body.innerHTML = ''
    await renderForm({ view: { phase: 'generating', requestId: 'r2', percent: 5, hangTight: false }, jobParams: started })
    expect(screen.getByRole('button', { name: /Podcast host/ })).toHaveAttribute('aria-pressed', 'true')
  })

  it('once the video is there the bar offers the next step (Add voice, Download) until an input changes', async () => {
    const onAddVoice = vi.fn<(url: string) => void>()
    const result = { videoUrl: 'http://127.0.0.1/media/out.mp4', onAddVoice }
    const { user, onStart } = await renderForm({ view: { phase: 'completed', outputUrl: result.videoUrl }, result })
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add voice' }))
    expect(onAddVoice).toHaveBeenCalledWith(result.videoUrl)
    expect(screen.queryByRole('button', { name: /^Generate ·/ })).toBeNull()
    // The same inputs again: one press.
    await user.type(prompt(), 'A chef')
    expect(screen.queryByRole('button', { name: 'Add voice' })).toBeNull()
    await user.click(generate())
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ prompt: 'A chef' }))
  })

  it('offers "Generate again" with the same inputs beside a finished video', async () => {
    const result = { videoUrl: 'http://127.0.0.1/media/out.mp4', onAddVoice: () => undefined }
    const { user, onStart, show } = await renderForm()
    await user.type(prompt(), 'A chef')
    show({ phase: 'completed', outputUrl: result.videoUrl }, result)
    await user.click(screen.getByRole('button', { name: 'Generate again · 1.75 credits' }))
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ kind: 'ugc', prompt: 'A chef' }))
  })

  it('is disabled while the start call runs', async () => {
    await renderForm({ view: { phase: 'starting' } })
    expect(screen.getByRole('button', { name: /Generating/ })).toBeDisabled()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it.each([
    [{ code: 'one_time_generate' } as const, 'You can only generate one video at a time. Please wait for the current video to finish generating.'],
    [{ code: 'failed_to_generate' } as const, 'Failed to generate video. Please try again later.'],
    [{ code: 'user_credential' } as const, 'Unable to verify user credentials. Please try again.'],
    [{ code: 'not_enough_token' } as const, "You don't have enough credits to generate the video."],
    [{ code: 'user_not' } as const, 'Unable to verify user credentials. Please try again.'],
    [{ code: 'server', message: 'The renderer gave up.' } as const, 'Failed to generate video. Please try again later.Details: The renderer gave up.'],
    [{ code: 'server', message: '' } as const, 'Failed to generate video. Please try again later.'],
  ])('shows the %o failure in red under the form', async (failure, text) => {
    await renderForm({ view: { phase: 'failed', failure } })
    expect(screen.getByRole('alert')).toHaveTextContent(text, { normalizeWhitespace: true })
    expect(screen.getByRole('alert').textContent).toBe(text)
  })
})
