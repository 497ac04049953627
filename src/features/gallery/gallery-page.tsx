import { Trans } from '@lingui/react/macro'

// Placeholder: replaced by the feature's real screen.
export function GalleryPage() {
  return (
    <main className="page container">
      <h1>
        <Trans>Gallery</Trans>
      </h1>
    </main>
  )
}
