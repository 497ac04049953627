import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { activateLocale, i18n } from '@/i18n/i18n'
import { Modal } from './modal'

function Harness() {
  const [open, setOpen] = useState(false)
  return (
    <I18nProvider i18n={i18n}>
      <button type="button" onClick={() => setOpen(true)}>
        Open terms
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Terms of service" description="Please read before you agree.">
        <p>Body</p>
      </Modal>
    </I18nProvider>
  )
}

describe('Modal', () => {
  beforeAll(() => activateLocale('en'))

  it('opens as a named dialog and closes by its Close button and Escape', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const opener = screen.getByRole('button', { name: 'Open terms' })
    await user.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Terms of service' })
    expect(dialog).toHaveAccessibleDescription('Please read before you agree.')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(opener)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
