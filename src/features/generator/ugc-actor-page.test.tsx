import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useDeviceJobKinds, useJob } from '@/jobs/job-runner'
import type { JobKind, JobView } from '@/jobs/types'
import type { Session } from '@/session/session'
import { renderGenerator, signedOut } from './test/render-generator'
import { type GeneratorNavigation, UgcActorPage } from './ugc-actor-page'

vi.mock('@/jobs/job-runner', () => ({ useJob: vi.fn<typeof useJob>(), useDeviceJobKinds: vi.fn<typeof useDeviceJobKinds>() }))
// The lip-sync step is its own part of the feature (tested there): here only what it receives matters.
// Its field stands for what the user put in the form: a remount would empty it.
vi.mock('./lip-sync/lip-sync-step', () => ({
  LipSyncStep: ({ initialVideoUrl }: { initialVideoUrl: string | undefined }) => (
    <>
      <p>Lip sync input: {initialVideoUrl ?? 'none'}</p>
      <input aria-label="Audio chosen" />
    </>
  ),
}))

const PRELOADED = 'http://127.0.0.1/media/preloaded.mp4'
const MADE = 'http://127.0.0.1/media/made.mp4'
let views: Record<JobKind, JobView>

beforeEach(() => {
  views = { ugc: { phase: 'idle' }, lipsync: { phase: 'idle' }, consistent: { phase: 'idle' } }
  vi.mocked(useJob).mockImplementation((kind) => ({ view: views[kind], params: undefined, start: () => Promise.resolve(), dismiss: () => undefined }))
  vi.mocked(useDeviceJobKinds).mockReturnValue([])
})

async function renderPage(props: { step?: 1 | 2; video?: string; initialMode?: 'ugc' | 'consistent' } = {}, session?: Session) {
  const onNavigate = vi.fn<(next: GeneratorNavigation) => void>()
  await renderGenerator(<UgcActorPage step={props.step ?? 1} video={props.video} initialMode={props.initialMode} onNavigate={onNavigate} />, session)
  return { onNavigate, user: userEvent.setup({ delay: null }) }
}

const steps = () => within(screen.getByRole('list', { name: 'Steps' }))
const stepTwoWithoutVideo = () => <UgcActorPage step={2} video={undefined} onNavigate={() => undefined} />
const ugcPressed = () => screen.getByRole('button', { name: 'UGC Actor' }).getAttribute('aria-pressed')
const consistentPressed = () => screen.getByRole('button', { name: 'Consistent Actor' }).getAttribute('aria-pressed')

describe('UgcActorPage (spec §2 UGC actor page)', () => {
  it('opens on step 1 with UGC Actor; the options switch forms', async () => {
    const { user } = await renderPage()
    expect(steps().getByRole('button', { name: /AI Actor/ })).toHaveAttribute('aria-current', 'step')
    expect(screen.getByRole('button', { name: 'UGC Actor' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('heading', { name: 'Create your UGC actor' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Consistent Actor' }))
    expect(screen.getByRole('heading', { name: 'Create a consistent actor' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Output Video' })).toBeInTheDocument()
  })

  it('/consistent-actor opens on Consistent Actor', async () => {
    await renderPage({ initialMode: 'consistent' })
    expect(screen.getByRole('button', { name: 'Consistent Actor' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText('Face image')).toBeInTheDocument()
  })

  describe("before the user picks an option, step 1 opens on the device's newest job (docs/decisions/0132: resume where the user left it)", () => {
    it.each([
      [[], 'UGC Actor'],
      [['consistent'], 'Consistent Actor'],
      [['ugc', 'consistent'], 'Consistent Actor'],
      [['consistent', 'lipsync'], 'Consistent Actor'],
      [['consistent', 'ugc'], 'UGC Actor'],
      [['lipsync'], 'UGC Actor'],
    ] as const)('jobs %j: %s', async (kinds, option) => {
      vi.mocked(useDeviceJobKinds).mockReturnValue(kinds)
      await renderPage()
      expect(screen.getByRole('button', { name: option })).toHaveAttribute('aria-pressed', 'true')
    })

    it("decides once the device's jobs are read (after a reload), then keeps it when the job ends", async () => {
      vi.mocked(useDeviceJobKinds).mockReturnValue(null)
      const page = <UgcActorPage step={1} video={undefined} onNavigate={() => undefined} />
      const { rerender } = await renderGenerator(page)
      expect(ugcPressed()).toBe('true')
      vi.mocked(useDeviceJobKinds).mockReturnValue(['consistent'])
      await rerender(<UgcActorPage step={1} video={undefined} onNavigate={() => undefined} />)
      expect(consistentPressed()).toBe('true')
      expect(screen.getByLabelText('Face image')).toBeInTheDocument()
      // The job ended and its row went: the form stays.
      vi.mocked(useDeviceJobKinds).mockReturnValue([])
      await rerender(<UgcActorPage step={1} video={undefined} onNavigate={() => undefined} />)
      expect(consistentPressed()).toBe('true')
    })

    it("never overrides the user's pick or /consistent-actor", async () => {
      vi.mocked(useDeviceJobKinds).mockReturnValue(null)
      const { rerender } = await renderGenerator(<UgcActorPage step={1} video={undefined} onNavigate={() => undefined} />)
      await userEvent.click(screen.getByRole('button', { name: 'UGC Actor' }))
      vi.mocked(useDeviceJobKinds).mockReturnValue(['consistent'])
      await rerender(<UgcActorPage step={1} video={undefined} onNavigate={() => undefined} />)
      expect(ugcPressed()).toBe('true')
      document.body.innerHTML = ''
      vi.mocked(useDeviceJobKinds).mockReturnValue(['ugc'])
      await renderPage({ initialMode: 'consistent' })
      expect(consistentPressed()).toBe('true')
    })
  })

  it('step headers navigate, keeping the video', async () => {
    const { user, onNavigate } = await renderPage({ video: PRELOADED })
    await user.click(steps().getByRole('button', { name: /Lip Sync/ }))
    expect(onNavigate).toHaveBeenCalledWith({ step: 2, video: PRELOADED })
  })

  it('preloads ?video= as the generated video and as the lip-sync input', async () => {
    await renderPage({ video: PRELOADED })
    expect(screen.getByLabelText('Generated video')).toHaveAttribute('src', PRELOADED)
    document.body.innerHTML = ''
    await renderPage({ step: 2, video: PRELOADED })
    expect(steps().getByRole('button', { name: /Lip Sync/ })).toHaveAttribute('aria-current', 'step')
    expect(screen.getByText(`Lip sync input: ${PRELOADED}`)).toBeInTheDocument()
  })

  it('Add voice moves to step 2 with the new video; without ?video= step 2 takes the one just made', async () => {
    views.ugc = { phase: 'completed', outputUrl: MADE }
    const { user, onNavigate } = await renderPage()
    await user.click(screen.getByRole('button', { name: 'Add voice' }))
    expect(onNavigate).toHaveBeenCalledWith({ step: 2, video: MADE })
    document.body.innerHTML = ''
    await renderPage({ step: 2 })
    expect(screen.getByText(`Lip sync input: ${MADE}`)).toBeInTheDocument()
  })

  it('keeps the lip-sync form (and what the user put in it) when a step-1 video finishes meanwhile', async () => {
    views.ugc = { phase: 'generating', requestId: 'r1', percent: 40, hangTight: false }
    const { rerender } = await renderGenerator(stepTwoWithoutVideo())
    await userEvent.type(screen.getByRole('textbox', { name: 'Audio chosen' }), 'voice.mp3')
    views.ugc = { phase: 'completed', outputUrl: MADE }
    await rerender(stepTwoWithoutVideo())
    expect(screen.getByText(`Lip sync input: ${MADE}`)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Audio chosen' })).toHaveValue('voice.mp3')
  })

  it('asks signed-out visitors to log in, with a sign-in link (spec §6)', async () => {
    await renderGenerator(<UgcActorPage step={1} video={undefined} onNavigate={() => undefined} />, signedOut)
    const note = screen.getByRole('note')
    expect(note).toHaveTextContent('Please log in to the system to generate the video.')
    expect(within(note).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
  })
})
