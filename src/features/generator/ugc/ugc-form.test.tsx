import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { JobView, LipSyncParams, UgcParams } from '@/jobs/types'
import type { Session } from '@/session/session'
import { LipSyncForm } from '../lip-sync/lip-sync-form'
import { adaWithCredits, renderGenerator } from '../test/render-generator'
import { UgcForm } from './ugc-form'

async function renderForm(options: { view?: JobView; session?: Session['status']; credits?: number } = {}) {
  const onStart = vi.fn<(params: UgcParams) => void>()
  const onClearNotice = vi.fn<() => void>()
  const form = (view: JobView) => <UgcForm view={view} session={options.session ?? 'signed-in'} onStart={onStart} onClearNotice={onClearNotice} />
  const view = await renderGenerator(form(options.view ?? { phase: 'idle' }), adaWithCredits(options.credits ?? 10))
  /** The job's view changes (a start refused, a job ended). */
  const show = (next: JobView) => view.rerender(form(next))
  return { onStart, onClearNotice, view, show, user: userEvent.setup({ delay: null }) }
}

const prompt = () => screen.getByRole('textbox', { name: 'Prompt' })
const seed = () => screen.getByRole('textbox', { name: 'Seed' })
const generate = () => screen.getByRole('button', { name: 'Generate' })
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

  it('shows the cost before starting: 1.75, or 2.00 enhanced (spec §9)', async () => {
    const { user } = await renderForm()
    expect(screen.getByText('Cost: 1.75 credits')).toBeInTheDocument()
    await user.click(screen.getByRole('switch', { name: 'Enhanced actor' }))
    expect(screen.getByText('Cost: 2.00 credits')).toBeInTheDocument()
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
  it('disables Generate and shows percent, bar and hang tight', async () => {
    const { view } = await renderForm({ view: { phase: 'generating', requestId: 'r1', percent: 0, hangTight: true } })
    expect(screen.getByRole('button', { name: /Generating/ })).toBeDisabled()
    expect(screen.getByRole('progressbar', { name: 'Video generation progress' })).toHaveAttribute('value', '0')
    expect(screen.getByText(/Hang tight/)).toBeInTheDocument()
    view.rerender(
      <UgcForm
        view={{ phase: 'generating', requestId: 'r1', percent: 42, hangTight: false }}
        session="signed-in"
        onStart={() => undefined}
        onClearNotice={() => undefined}
      />,
    )
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '42')
    expect(screen.getByText('42%')).toBeInTheDocument()
    expect(screen.queryByText(/Hang tight/)).toBeNull()
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
