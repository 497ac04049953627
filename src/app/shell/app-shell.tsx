import { Outlet, useMatches } from '@tanstack/react-router'
import { IosInstallHint } from '@/app/pwa/ios-install-hint'
import { UpdatePrompt } from '@/app/pwa/update-prompt'
import { useAppBadge } from '@/device/use-videos-seen'
import { JobRunnerProvider } from '@/jobs/job-runner'
import { Footer } from './footer'
import { ToastRegion } from './toast-region'
import { TopBar } from './top-bar'
import { useDocumentTitle } from './use-document-title'
import { useJobToasts } from './use-job-toasts'
import { useSignOut } from './use-sign-out'
import { useToasts } from './use-toasts'

/**
 * The frame around every screen: top bar where spec §2 shows it, the screen, the footer.
 * The job runner lives here so a generation resumes and is announced on any page (issue 5).
 */
export function AppShell() {
  const withNavBar = useMatches({ select: (matches) => matches.some((match) => match.staticData.navBar === true) })
  const signOut = useSignOut()
  const toasts = useToasts()
  const announceJobEnded = useJobToasts(toasts)
  useDocumentTitle()
  useAppBadge()
  return (
    <JobRunnerProvider onJobEnded={announceJobEnded}>
      {withNavBar && <TopBar onSignOut={signOut} />}
      <Outlet />
      <Footer withLanguageSwitcher={!withNavBar} />
      <ToastRegion toasts={toasts.toasts} onClose={toasts.close} />
      <UpdatePrompt />
      <IosInstallHint />
    </JobRunnerProvider>
  )
}
