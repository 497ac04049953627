import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useJob } from '@/jobs/job-runner'
import type { JobKind, JobView } from '@/jobs/types'
import type { Session } from '@/session/session'
import { renderGenerator, signedOut } from './test/render-generator'
import { type GeneratorNavigation, UgcActorPage } from './ugc-actor-page'

vi.mock('@/jobs/job-runner', () => ({ useJob: vi.fn<typeof useJob>() }))
// The lip-sync step is its own part of the feature (tested there): here only what it receives matters.
vi.mock('./lip-sync/lip-sync-step', () => ({
  LipSyncStep: ({ initialVideoUrl }: { initialVideoUrl: string | undefined }) => <p>Lip sync input: {initialVideoUrl ?? 'none'}</p>,
}))

const PRELOADED = 'http://127.0.0.1/media/preloaded.mp4'
const MADE = 'http://127.0.0.1/media/made.mp4'
let views: Record<JobKind, JobView>

beforeEach(() => {
  views = { ugc: { phase: 'idle' }, lipsync: { phase: 'idle' }, consistent: { phase: 'idle' } }
  vi.mocked(useJob).mockImplementation((kind) => ({ view: views[kind], start: () => Promise.resolve(), dismiss: () => undefined }))
})

async function renderPage(props: { step?: 1 | 2; video?: string; initialMode?: 'ugc' | 'consistent' } = {}, session?: Session) {
  const onNavigate = vi.fn<(next: GeneratorNavigation) => void>()
  await renderGenerator(
    <UgcActorPage step={props.step ?? 1} video={props.video} initialMode={props.initialMode} onNavigate={onNavigate} />,
    session,
  )
  return { onNavigate, user: userEvent.setup({ delay: null }) }
}

const steps = () => within(screen.getByRole('list', { name: 'Steps' }))

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

  it('asks signed-out visitors to log in, with a sign-in link (spec §6)', async () => {
    await renderGenerator(<UgcActorPage step={1} video={undefined} onNavigate={() => undefined} />, signedOut)
    const note = screen.getByRole('note')
    expect(note).toHaveTextContent('Please log in to the system to generate the video.')
    expect(within(note).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
  })
})
