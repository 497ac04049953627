import { IMAGE_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from '@contract/constants'

// spec §5 consistent actor: the face image is JPEG, PNG or WebP, up to 10 MB,
// checked before any upload (spec §8 consistent_error.invalid_img / file_too_large).

/** What the file picker offers (spec §5 types). */
export const FACE_IMAGE_ACCEPT = IMAGE_UPLOAD_TYPES.join(',')

const isImageType = (type: string): type is (typeof IMAGE_UPLOAD_TYPES)[number] => IMAGE_UPLOAD_TYPES.some((allowed) => allowed === type)

export function faceImageRefusal(file: Pick<File, 'type' | 'size'>): 'invalid_img' | 'file_too_large' | null {
  if (!isImageType(file.type.toLowerCase())) return 'invalid_img'
  if (file.size > MAX_UPLOAD_BYTES) return 'file_too_large'
  return null
}
