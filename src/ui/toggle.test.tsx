import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Toggle } from './toggle'

function Harness() {
  const [on, setOn] = useState(false)
  return <Toggle label="enhanced lipsync" checked={on} onCheckedChange={setOn} />
}

describe('Toggle', () => {
  it('is a labelled switch that flips by click and keyboard', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const toggle = screen.getByRole('switch', { name: 'enhanced lipsync' })
    expect(toggle).not.toBeChecked()
    await user.click(toggle)
    expect(toggle).toBeChecked()
    await user.keyboard(' ')
    expect(toggle).not.toBeChecked()
  })
})
