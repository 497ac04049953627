import { Trans, useLingui } from '@lingui/react/macro'
import type { WebhookDeliveryView, WebhookEndpointView } from '@contract/developer-settings'

/** An endpoint's latest deliveries, each with every attempt: when, the answer's status or why it failed. */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t, i18n } = useLingui()
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'short', timeStyle: 'medium' })
  const stateText = (delivery: WebhookDeliveryView): string =>
    delivery.state === 'delivered'
      ? t`Delivered`
      : delivery.state === 'failed'
        ? t`Failed`
        : delivery.nextAttemptAt === null
          ? t`Waiting`
          : t`Next try ${when(delivery.nextAttemptAt)}`
  if (endpoint.deliveries.length === 0) {
    return (
      <p className="hint">
        <Trans>No deliveries yet.</Trans>
      </p>
    )
  }
  return (
    <details className="account-deliveries">
      <summary>{t`Recent deliveries (${endpoint.deliveries.length})`}</summary>
      <ol>
        {endpoint.deliveries.map((delivery) => (
          <li key={delivery.id}>
            <div>
              <code>{delivery.type}</code> · <span className={`account-delivery account-delivery--${delivery.state}`}>{stateText(delivery)}</span> ·{' '}
              <span className="hint">{when(delivery.createdAt)}</span>
            </div>
            <ul className="account-attempts">
              {delivery.attempts.map((attempt) => (
                <li key={attempt.at}>
                  {when(attempt.at)}: {attempt.status === null ? t`no answer` : `HTTP ${attempt.status}`}
                  {attempt.error !== null && attempt.status === null && <span className="hint"> ({attempt.error})</span>}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </details>
  )
}
