import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEMO_PAUSE_MS, DEMO_PROGRESS_MS } from '@contract/constants'
import { DemoWizard } from './demo-wizard'

const RUN_MS = DEMO_PROGRESS_MS + DEMO_PAUSE_MS

function renderWizard() {
  return render(
    <I18nProvider i18n={i18n}>
      <DemoWizard />
    </I18nProvider>,
  )
}

const stepButton = (name: RegExp) => within(screen.getByRole('navigation', { name: 'Demo steps' })).getByRole('button', { name })
const visibleButton = (name: string) => screen.getByRole('button', { name })

function generate() {
  fireEvent.click(visibleButton('Generate'))
  act(() => vi.advanceTimersByTime(RUN_MS))
}

function lipSync() {
  fireEvent.click(visibleButton('Start lip sync'))
  act(() => vi.advanceTimersByTime(RUN_MS))
}

describe('DemoWizard (spec §2 Demo)', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('starts on step 1 with the placeholder and nothing done', () => {
    renderWizard()
    expect(stepButton(/AI Actor/)).toHaveAttribute('aria-current', 'step')
    expect(stepButton(/Lip Sync/)).not.toHaveAttribute('aria-current')
    expect(stepButton(/AI Actor/)).toHaveAccessibleName(/No video yet/)
    expect(stepButton(/Lip Sync/)).toHaveAccessibleName(/Not lip-synced yet/)
    expect(screen.getAllByText('Your creation will appear here')[0]).toBeVisible()
    expect(screen.getByLabelText('Prompt')).toBeDisabled()
    expect(screen.getByLabelText('Seed')).toHaveValue(123456)
  })

  it('generates: progress, then the video with Download and Add voice; the step shows it', () => {
    renderWizard()
    fireEvent.click(visibleButton('Generate'))
    const bar = screen.getByRole('progressbar', { name: 'Video generation progress' })
    act(() => vi.advanceTimersByTime(1500))
    expect(bar).toHaveProperty('value', 50)
    expect(screen.getByRole('button', { name: /Generating/ })).toBeDisabled()
    expect(screen.getAllByText('AI video generation in progress').length).toBeGreaterThan(0)
    act(() => vi.advanceTimersByTime(RUN_MS - 1500))
    expect(screen.getByLabelText('Generated sample video')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'ugc-video.mp4')
    expect(stepButton(/AI Actor/)).toHaveAccessibleName(/Video generated/)
  })

  it('step headers switch step and mark the current one', () => {
    renderWizard()
    fireEvent.click(stepButton(/Lip Sync/))
    expect(stepButton(/Lip Sync/)).toHaveAttribute('aria-current', 'step')
    expect(stepButton(/AI Actor/)).not.toHaveAttribute('aria-current')
    expect(visibleButton('Start lip sync')).toBeVisible()
    fireEvent.click(stepButton(/AI Actor/))
    expect(visibleButton('Generate')).toBeVisible()
  })

  it('Add voice moves to step 2 with the input video and is not offered there', () => {
    renderWizard()
    generate()
    fireEvent.click(visibleButton('Add voice'))
    expect(stepButton(/Lip Sync/)).toHaveAttribute('aria-current', 'step')
    expect(screen.getByAltText('Input video: the generated sample')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Add voice' })).toBeNull()
    // The pressed button is gone; focus moves to step 2 instead of falling to the page.
    expect(screen.getByRole('heading', { name: 'Give your actor a voice' })).toHaveFocus()
  })

  it('lip sync completes, and Add voice clears the lip-sync result', () => {
    renderWizard()
    generate()
    fireEvent.click(visibleButton('Add voice'))
    lipSync()
    expect(screen.getByLabelText('Lip-synced sample video')).toBeVisible()
    expect(stepButton(/Lip Sync/)).toHaveAccessibleName(/Lip sync complete/)

    fireEvent.click(stepButton(/AI Actor/))
    fireEvent.click(visibleButton('Add voice'))
    expect(screen.queryByLabelText('Lip-synced sample video')).toBeNull()
    expect(stepButton(/Lip Sync/)).toHaveAccessibleName(/Not lip-synced yet/)
    expect(stepButton(/AI Actor/)).toHaveAccessibleName(/Video generated/)
  })

  it('removing the input video disables lip sync until the sample is put back', () => {
    renderWizard()
    fireEvent.click(stepButton(/Lip Sync/))
    fireEvent.click(visibleButton('Remove the input video'))
    expect(screen.getByText(/The demo needs its sample video/)).toBeVisible()
    expect(visibleButton('Start lip sync')).toBeDisabled()
    fireEvent.click(visibleButton('Start lip sync'))
    expect(screen.queryByRole('progressbar')).toBeNull()
    fireEvent.click(visibleButton('Use sample video'))
    expect(visibleButton('Start lip sync')).toBeEnabled()
  })

  it('Add voice puts a removed input video back', () => {
    renderWizard()
    fireEvent.click(stepButton(/Lip Sync/))
    fireEvent.click(visibleButton('Remove the input video'))
    fireEvent.click(stepButton(/AI Actor/))
    generate()
    fireEvent.click(visibleButton('Add voice'))
    expect(visibleButton('Start lip sync')).toBeEnabled()
  })

  it('the enhanced lip sync switch toggles and its tip describes it', () => {
    renderWizard()
    fireEvent.click(stepButton(/Lip Sync/))
    const toggle = screen.getByRole('switch', { name: 'Enhanced lip sync' })
    expect(toggle).not.toBeChecked()
    fireEvent.click(toggle)
    expect(toggle).toBeChecked()
    const info = screen.getByRole('button', { name: 'About enhanced lip sync' })
    fireEvent.focus(info)
    expect(screen.getByRole('tooltip')).toBeVisible()
    expect(info).toHaveAccessibleDescription(/In the demo it changes nothing/)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('tooltip')).toBeNull()
  })
})
