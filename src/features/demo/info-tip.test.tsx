import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { InfoTip } from './info-tip'

function renderTip() {
  render(
    <>
      <InfoTip label="About enhanced lip sync">A newer model.</InfoTip>
      <p>Elsewhere</p>
    </>,
  )
  return screen.getByRole('button', { name: 'About enhanced lip sync' })
}

describe('InfoTip', () => {
  it('opens on a tap, which a tooltip alone would not, and closes on a press elsewhere', async () => {
    const user = userEvent.setup()
    const button = renderTip()
    expect(screen.queryByRole('tooltip')).toBeNull()
    await user.pointer({ keys: '[TouchA]', target: button })
    expect(screen.getByRole('tooltip')).toHaveTextContent('A newer model.')
    expect(button).toHaveAccessibleDescription('A newer model.')
    await user.pointer({ keys: '[TouchA]', target: screen.getByText('Elsewhere') })
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('opens on hover and focus, and Escape closes it', async () => {
    const user = userEvent.setup()
    const button = renderTip()
    await user.hover(button)
    expect(await screen.findByRole('tooltip')).toBeVisible()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('tooltip')).toBeNull()
    await user.unhover(button)
    await user.tab()
    expect(button).toHaveFocus()
    expect(screen.getByRole('tooltip')).toBeVisible()
  })
})
