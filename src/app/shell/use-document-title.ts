import { useLingui } from '@lingui/react/macro'
import { useMatches } from '@tanstack/react-router'
import { useEffect } from 'react'

/** Names the browser tab after the screen (the deepest route with a `staticData.title`), in the active language. */
export function useDocumentTitle(): void {
  const { t, i18n } = useLingui()
  const screenTitle = useMatches({ select: (matches) => matches.findLast((match) => match.staticData.title)?.staticData.title })
  const screen = screenTitle ? i18n._(screenTitle) : null
  const title = screen ? t`${screen} · Actorly` : t`Actorly – AI video actors on your phone`
  useEffect(() => {
    document.title = title
  }, [title])
}
