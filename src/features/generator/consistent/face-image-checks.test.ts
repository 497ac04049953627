import { describe, expect, it } from 'vitest'
import { faceImageRefusal } from './face-image-checks'

const MB = 1024 * 1024

describe('faceImageRefusal (spec §5: JPEG, PNG, WebP up to 10 MB)', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp', 'IMAGE/PNG'])('accepts %s', (type) => {
    expect(faceImageRefusal({ type, size: 10 * MB })).toBeNull()
  })

  it.each(['image/gif', 'image/svg+xml', 'text/plain', ''])('refuses %s as invalid_img', (type) => {
    expect(faceImageRefusal({ type, size: 10 })).toBe('invalid_img')
  })

  it('refuses one byte over 10 MB', () => {
    expect(faceImageRefusal({ type: 'image/png', size: 10 * MB + 1 })).toBe('file_too_large')
  })
})
