import { STORAGE_KEYS } from '@/device/names'
import { readStored, writeStored } from '@/device/web-storage'
// Safari on iOS has no install offer (no beforeinstallprompt): people add a web
// app through Share → Add to Home Screen, which few know. These checks decide
// whether to tell them (IosInstallHint).

export interface BrowserFacts {
  userAgent: string
  platform: string
  maxTouchPoints: number
  /** Safari's own flag for a page opened from the home screen. */
  standalone: boolean
  displayModeStandalone: boolean
}

export function browserFacts(): BrowserFacts {
  const standalone = 'standalone' in navigator && navigator.standalone === true
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone,
    displayModeStandalone: typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches,
  }
}

/** Safari (not another iOS browser) on an iPhone or iPad, in a tab rather than from the home screen. */
export function shouldHintIosInstall(facts: BrowserFacts): boolean {
  // iPadOS asks for desktop pages and says "Macintosh"; only touch tells it apart from a Mac.
  const iOS = /iPhone|iPad|iPod/.test(facts.userAgent) || (facts.platform === 'MacIntel' && facts.maxTouchPoints > 1)
  const safari = /Safari\//.test(facts.userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(facts.userAgent)
  return iOS && safari && !facts.standalone && !facts.displayModeStandalone
}

export function iosHintDismissed(): boolean {
  return readStored(STORAGE_KEYS.iosHintDismissed) === '1'
}

/** Storage blocked: the hint is hidden for this visit only. */
export function dismissIosHint(): void {
  writeStored(STORAGE_KEYS.iosHintDismissed, '1')
}
