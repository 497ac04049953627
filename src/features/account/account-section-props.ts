import type { SessionUser } from '@/session/session'

/** What every section of the Account screen is given (account-sections.tsx): who is signed in, and whether the device is online. */
export interface AccountSectionProps {
  user: SessionUser
  online: boolean
}
