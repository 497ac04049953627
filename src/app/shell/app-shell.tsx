import { Outlet, useMatches } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useHydrated } from '@/app/use-hydrated'
import { useAppBadge } from '@/device/use-videos-seen'
import { JobRunnerProvider } from '@/jobs/job-runner'
import { Footer } from './footer'
import { TopBar } from './top-bar'
import { useDocumentTitle } from './use-document-title'
import { useJobToasts } from './use-job-toasts'
import { useSignOut } from './use-sign-out'
import { useToasts } from './use-toasts'

// Parts of the frame that show only on an event (a toast, a waiting update, the iOS
// hint): loaded after the screen, never on its critical path, and only in the browser,
// so a screen prerendered at build time hydrates as it was rendered (docs/decisions/0202).
const ToastRegion = lazy(() => import('./toast-region').then((module) => ({ default: module.ToastRegion })))
const UpdatePrompt = lazy(() => import('@/app/pwa/update-prompt').then((module) => ({ default: module.UpdatePrompt })))
const IosInstallHint = lazy(() => import('@/app/pwa/ios-install-hint').then((module) => ({ default: module.IosInstallHint })))

/**
 * The frame around every screen: top bar where spec §2 shows it, the screen, the footer.
 * The job runner lives here so a generation resumes and is announced on any page (docs/decisions/0131).
 */
export function AppShell() {
  const withNavBar = useMatches({ select: (matches) => matches.some((match) => match.staticData.navBar === true) })
  const signOut = useSignOut()
  const toasts = useToasts()
  const announceJobEnded = useJobToasts(toasts)
  const hydrated = useHydrated()
  useDocumentTitle()
  useAppBadge()
  return (
    <JobRunnerProvider onJobEnded={announceJobEnded}>
      {withNavBar && <TopBar onSignOut={signOut} />}
      <Outlet />
      <Footer withLanguageSwitcher={!withNavBar} />
      {hydrated && (
        <Suspense fallback={null}>
          <ToastRegion toasts={toasts.toasts} onClose={toasts.close} />
          <UpdatePrompt />
          <IosInstallHint />
        </Suspense>
      )}
    </JobRunnerProvider>
  )
}
