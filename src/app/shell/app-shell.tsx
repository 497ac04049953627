import { Outlet, useMatches } from '@tanstack/react-router'
import { UpdatePrompt } from '@/app/pwa/update-prompt'
import { Footer } from './footer'
import { TopBar } from './top-bar'
import { useDocumentTitle } from './use-document-title'
import { useSignOut } from './use-sign-out'

/** The frame around every screen: top bar where spec §2 shows it, the screen, the footer. */
export function AppShell() {
  const withNavBar = useMatches({ select: (matches) => matches.some((match) => match.staticData.navBar === true) })
  const signOut = useSignOut()
  useDocumentTitle()
  return (
    <>
      {withNavBar && <TopBar onSignOut={signOut} />}
      <Outlet />
      <Footer withLanguageSwitcher={!withNavBar} />
      <UpdatePrompt />
    </>
  )
}
