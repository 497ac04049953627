import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PRIVACY_SECTION_COUNT } from '@contract/constants'
import { PRIVACY_EFFECTIVE_DATE } from './effective-dates'
import { PrivacyPage } from './privacy-page'

async function renderPrivacy() {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  const router = createRouter({
    routeTree: createRootRoute({ component: PrivacyPage }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
}

function sectionNamed(name: string): HTMLElement {
  return screen.getByRole('region', { name: new RegExp(name) })
}

describe('PrivacyPage (spec §2 Privacy)', () => {
  it('has eight sections, and Read more on sections 1, 2, 3 and 5 only', async () => {
    await renderPrivacy()
    const headings = screen.getAllByRole('heading', { level: 2 })
    expect(headings).toHaveLength(PRIVACY_SECTION_COUNT)
    const withButton = headings.map((heading) => {
      const section = heading.closest('section')
      return section ? within(section).queryByRole('button', { name: 'Read more' }) !== null : false
    })
    expect(withButton).toEqual([true, true, true, false, true, false, false, false])
  })

  it('expands with Read more and collapses again with Show less', async () => {
    await renderPrivacy()
    const user = userEvent.setup()
    const section = sectionNamed('Information we collect')
    const readMore = within(section).getByRole('button', { name: 'Read more' })
    const body = document.getElementById(readMore.getAttribute('aria-controls') ?? '')
    expect(body).toHaveClass('legal-collapsible--collapsed')
    expect(readMore).toHaveAttribute('aria-expanded', 'false')

    await user.click(readMore)
    const showLess = within(section).getByRole('button', { name: 'Show less' })
    expect(showLess).toHaveAttribute('aria-expanded', 'true')
    expect(body).not.toHaveClass('legal-collapsible--collapsed')

    await user.click(showLess)
    expect(within(section).getByRole('button', { name: 'Read more' })).toHaveAttribute('aria-expanded', 'false')
    expect(body).toHaveClass('legal-collapsible--collapsed')
  })

  it('opens one section without opening the others', async () => {
    await renderPrivacy()
    await userEvent.setup().click(within(sectionNamed('Payments')).getByRole('button', { name: 'Read more' }))
    expect(within(sectionNamed('Information we collect')).getByRole('button', { name: 'Read more' })).toBeInTheDocument()
  })

  it('offers a mailto link in the contact section and a dated last-updated line', async () => {
    await renderPrivacy()
    const contact = sectionNamed('Contact us')
    expect(within(contact).getByRole('link', { name: 'support@actorly.app' })).toHaveAttribute('href', 'mailto:support@actorly.app')
    // decision 0256: the policy's own date, not the day of the visit.
    const line = screen.getByText(/Last updated/)
    expect(line).toHaveTextContent('Last updated: November 27, 2026')
    expect(line.querySelector('time')).toHaveAttribute('dateTime', PRIVACY_EFFECTIVE_DATE)
  })
})

describe('PrivacyPage retention figures (docs/decisions/0263)', () => {
  afterEach(() => vi.unstubAllGlobals())

  // First: a failed question is asked again by the next page, so the order matters.
  it('shows the privacy page’s own figures while the server cannot be asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<(url: string) => Promise<Response>>(async () => Promise.reject(new TypeError('offline'))),
    )
    await renderPrivacy()
    // The failed question has been answered: the figures stay.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/privacy/v1/retention'))
    const retention = sectionNamed('How long we keep your data')
    expect(within(retention).getByText(/deleted after 12 months/)).toBeInTheDocument()
    expect(within(retention).getByText(/gone within 30 days/)).toBeInTheDocument()
  })

  it('shows the figures the server is configured with', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<(url: string) => Promise<Response>>(async () => Response.json({ supportMonths: 6, unusedUploadDays: 3, accountDeletionDays: 14 })),
    )
    await renderPrivacy()
    const retention = sectionNamed('How long we keep your data')
    expect(await within(retention).findByText(/deleted after 6 months/)).toBeInTheDocument()
    expect(within(retention).getByText(/deleted 3 days after you uploaded it/)).toBeInTheDocument()
    expect(within(retention).getByText(/gone within 14 days/)).toBeInTheDocument()
  })
})
