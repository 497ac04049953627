import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ReportPage } from './report-page'
import { renderSupport, signedIn, signedOut } from './test/render-support'

const NOT_SIGNED_IN = /You are not signed in, so we cannot reply to this report/

describe('ReportPage (spec §2 Bug report)', () => {
  it('tells a signed-out visitor that no reply can come, and points to the contact form', async () => {
    await renderSupport(<ReportPage />, { session: signedOut })
    expect(await screen.findByText(NOT_SIGNED_IN)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'contact form' })).toHaveAttribute('href', '/contact')
  })

  it('claims nothing while the session resolves, nor to someone signed in', async () => {
    const loading = await renderSupport(<ReportPage />, { session: { status: 'loading' } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Report a bug' })).toBeInTheDocument()
    expect(screen.queryByText(NOT_SIGNED_IN)).not.toBeInTheDocument()
    loading.unmount()
    await renderSupport(<ReportPage />, { session: signedIn })
    expect(await screen.findByRole('heading', { level: 1, name: 'Report a bug' })).toBeInTheDocument()
    expect(screen.queryByText(NOT_SIGNED_IN)).not.toBeInTheDocument()
  })
})
