import { Trans } from '@lingui/react/macro'
import { acceptInstallOffer, catchInstallOffer, useInstallOffer } from './install-prompt'

if (typeof window !== 'undefined') catchInstallOffer()

/**
 * "Install app" where the browser offers installing (Chromium's beforeinstallprompt):
 * hidden when it does not, and once installed (the offer then never comes).
 */
export function InstallButton({ className = 'btn btn--small btn--ghost' }: { className?: string }) {
  const offer = useInstallOffer()
  if (offer === null) return null
  return (
    <button type="button" className={className} onClick={() => void acceptInstallOffer(offer).catch(() => {})}>
      <Trans>Install app</Trans>
    </button>
  )
}
