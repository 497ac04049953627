import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { FileDrop } from './file-drop'

describe('FileDrop: a styled picker instead of "Choose File / No file chosen"', () => {
  it('is a labelled file input with its hint as description, which hands over the chosen file', async () => {
    const onFile = vi.fn<(file: File) => void>()
    render(
      <FileDrop
        label="Audio file"
        hint="mp3, wav; up to 10 MB."
        prompt="Tap to choose a file, or drop it here"
        accept="audio/mpeg"
        icon={null}
        onFile={onFile}
      />,
    )
    const input = screen.getByLabelText('Audio file')
    expect(input).toHaveAttribute('type', 'file')
    expect(input).toHaveAccessibleDescription('mp3, wav; up to 10 MB.')
    // No browser tooltip ("No file chosen") over the zone.
    expect(input).toHaveAttribute('title', '')
    await userEvent.upload(input, new File(['ID3'], 'voice.mp3', { type: 'audio/mpeg' }))
    expect(onFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'voice.mp3' }))
    // Emptied, so the same file picked again still counts.
    expect(input).toHaveValue('')
  })

  it('marks itself while a file is dragged over it, and an invalid choice', () => {
    const { container } = render(<FileDrop label="Face image" accept="image/png" icon={null} onFile={() => undefined} invalid describedBy="err" />)
    const input = screen.getByLabelText('Face image')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAttribute('aria-describedby', 'err')
    fireEvent.dragEnter(input)
    expect(container.firstElementChild).toHaveAttribute('data-dragging', 'true')
    fireEvent.dragLeave(input)
    expect(container.firstElementChild).toHaveAttribute('data-dragging', 'false')
  })
})
