import { Trans } from '@lingui/react/macro'

/**
 * The server's own words, where its answer has no code we can translate (a
 * generation's error field, a form answered `success: false`): a small detail
 * after the translated message, marked as English (docs/decisions/0253).
 */
export function ServerDetail({ text }: { text: string }) {
  return (
    <span className="server-detail">
      <Trans>
        Details: <span lang="en">{text}</span>
      </Trans>
    </span>
  )
}
