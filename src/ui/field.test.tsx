import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Field } from './field'

describe('Field', () => {
  it('labels the control and reads its hint', () => {
    render(
      <Field label="Email" hint="We never share it">
        {(props) => <input type="email" {...props} />}
      </Field>,
    )
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input).toHaveAccessibleDescription('We never share it')
    expect(input).not.toHaveAttribute('aria-invalid')
  })

  it('marks the control invalid and announces the error', () => {
    render(
      <Field label="Email" error="Please enter a valid email address.">
        {(props) => <input {...props} />}
      </Field>,
    )
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Please enter a valid email address.')
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.')
  })
})
