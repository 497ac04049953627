import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Toggle } from './toggle'

function Harness({ disabled }: { disabled?: boolean }) {
  const [on, setOn] = useState(false)
  return <Toggle label="enhanced lipsync" checked={on} onCheckedChange={setOn} disabled={disabled} hint="A newer model." />
}

describe('Toggle', () => {
  it('is a labelled switch that flips by click, keyboard and its label', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const toggle = screen.getByRole('switch', { name: 'enhanced lipsync' })
    expect(toggle).not.toBeChecked()
    await user.click(toggle)
    expect(toggle).toBeChecked()
    await user.keyboard(' ')
    expect(toggle).not.toBeChecked()
    await user.click(screen.getByText('enhanced lipsync'))
    expect(toggle).toBeChecked()
  })

  it('is described by its hint and stays put while disabled', async () => {
    const user = userEvent.setup()
    render(<Harness disabled />)
    const toggle = screen.getByRole('switch', { name: 'enhanced lipsync' })
    expect(toggle).toHaveAccessibleDescription('A newer model.')
    await user.click(toggle)
    expect(toggle).not.toBeChecked()
  })
})
