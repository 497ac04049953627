import { useLingui } from '@lingui/react/macro'
import { isLocale } from '@/i18n/locale'
import { usePushLanguage, usePushOptIn } from './push-opt-in'

/**
 * Keeps the language of this device's notifications in step with the app's (docs/decisions/0280).
 * Rendered by the account menu, which is there whenever someone is signed in.
 */
export function PushLanguageSync() {
  const { i18n } = useLingui()
  usePushLanguage(usePushOptIn(), isLocale(i18n.locale) ? i18n.locale : 'en')
  return null
}
