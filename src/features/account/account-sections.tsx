import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ComponentType } from 'react'
import type { AccountSectionProps } from './account-section-props'
import { ApiKeysSection } from './api-keys-section'
import { DataSection } from './data-section'
import { DeleteSection } from './delete-section'
import { DeviceSection } from './device-section'
import { LanguageSection } from './language-section'
import { NotificationsSection } from './notifications-section'
import { ProfileSection } from './profile-section'
import { WebhooksSection } from './webhooks-section'

export interface AccountSectionEntry {
  /** The section's anchor (`/account#id`). */
  id: string
  title: MessageDescriptor
  tone?: 'danger'
  Content: ComponentType<AccountSectionProps>
}

/**
 * The Account screen, section by section, in order (docs/decisions/0115). A new part of
 * the account (API keys, webhooks) is one more entry here and a component beside these.
 */
export const ACCOUNT_SECTIONS: readonly AccountSectionEntry[] = [
  { id: 'profile', title: msg`Profile`, Content: ProfileSection },
  { id: 'language', title: msg`Language`, Content: LanguageSection },
  { id: 'notifications', title: msg`Notifications on this device`, Content: NotificationsSection },
  { id: 'device', title: msg`Videos kept on this device`, Content: DeviceSection },
  // The developer API (docs/decisions/0401, 0405).
  { id: 'api-keys', title: msg`API keys`, Content: ApiKeysSection },
  { id: 'webhooks', title: msg`Webhooks`, Content: WebhooksSection },
  { id: 'data', title: msg`Your data`, Content: DataSection },
  { id: 'delete', title: msg`Delete account`, tone: 'danger', Content: DeleteSection },
]
