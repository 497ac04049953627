import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { WEBHOOK_URL_MAX_LENGTH } from '@contract/constants'
import type { WebhookEndpointView } from '@contract/developer-settings'
import { Field } from '@/ui/field'
import { OfflineReason } from './account-section'
import type { AccountSectionProps } from './account-section-props'
import { ShownOnce } from './shown-once'
import { WebhookDeliveries } from './webhook-deliveries'

const calls = () => import('./developer-calls')
export const webhooksKey = (uid: string) => ['developer-webhooks', uid] as const
/** While a delivery waits, the list is read again this often. */
const PENDING_REFRESH_MS = 2000

/** Webhook endpoints (docs/decisions/0405): add one (its secret shown once), send a test, see every attempt, delete. */
export function WebhooksSection({ user, online }: AccountSectionProps) {
  const { t } = useLingui()
  const client = useQueryClient()
  const endpoints = useQuery({
    queryKey: webhooksKey(user.uid),
    queryFn: async () => (await calls()).listEndpoints(),
    refetchInterval: (query) => (query.state.data?.some((endpoint) => endpoint.deliveries.some((d) => d.state === 'pending')) ? PENDING_REFRESH_MS : false),
  })
  const [url, setUrl] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<string | null>(null)
  const refresh = () => client.invalidateQueries({ queryKey: webhooksKey(user.uid) })

  async function add(event: FormEvent) {
    event.preventDefault()
    if (url.trim() === '') return setError(t`Please enter your endpoint's URL.`)
    setBusy(true)
    setError(null)
    const made = await (await calls()).createEndpoint(url.trim())
    setBusy(false)
    if (!made.ok) {
      if (made.code === 'url_not_allowed')
        return setError(t`This URL cannot receive webhooks: use an https address on the internet, without a user name or password.`)
      if (made.code === 'limit_reached') return setError(t`You have 5 endpoints. Delete one before you add another.`)
      if (made.code === 'validation_failed') return setError(t`Please enter a valid URL.`)
      return setError(t`The endpoint could not be added. Please try again.`)
    }
    setSecret(made.value.secret)
    setUrl('')
    await refresh()
  }

  async function act(endpoint: WebhookEndpointView, action: 'test' | 'delete') {
    setBusy(true)
    const module = await calls()
    const done = action === 'test' ? await module.testEndpoint(endpoint.id) : await module.deleteEndpoint(endpoint.id)
    setBusy(false)
    setDeleting(null)
    setError(done.ok ? null : action === 'test' ? t`The test could not be sent. Please try again.` : t`The endpoint could not be deleted. Please try again.`)
    await refresh()
  }

  return (
    <>
      <p className="hint">
        <Trans>
          When a generation ends, Actorly tells each endpoint with a signed request. See the{' '}
          <Link to="/developers" hash="webhooks">
            developer page
          </Link>{' '}
          for how to check the signature.
        </Trans>
      </p>
      {secret !== null && <ShownOnce label={t`The endpoint's signing secret`} secret={secret} onDone={() => setSecret(null)} />}
      {endpoints.isError && (
        <p role="alert" className="form-error">
          <Trans>Your endpoints could not be loaded. Please try again.</Trans>
        </p>
      )}
      {endpoints.data !== undefined && endpoints.data.length === 0 && (
        <p>
          <Trans>No endpoints yet.</Trans>
        </p>
      )}
      {endpoints.data !== undefined && endpoints.data.length > 0 && (
        <ul className="account-list" aria-label={t`Your webhook endpoints`}>
          {endpoints.data.map((endpoint) => (
            <li key={endpoint.id} className="account-list__item account-list__item--stacked">
              <div className="account-list__main">
                <code className="account-url">{endpoint.url}</code>
              </div>
              {deleting === endpoint.id ? (
                <div className="account-actions">
                  <span>
                    <Trans>It gets no more events.</Trans>
                  </span>
                  <button type="button" className="btn btn--danger btn--small" onClick={() => void act(endpoint, 'delete')} disabled={busy || !online}>
                    <Trans>Delete</Trans>
                  </button>
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => setDeleting(null)}>
                    <Trans>Cancel</Trans>
                  </button>
                </div>
              ) : (
                <div className="account-actions">
                  <button
                    type="button"
                    className="btn btn--small"
                    onClick={() => void act(endpoint, 'test')}
                    disabled={busy || !online}
                    aria-label={t`Send test to ${endpoint.url}`}
                  >
                    <Trans>Send test</Trans>
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    onClick={() => setDeleting(endpoint.id)}
                    disabled={!online}
                    aria-label={t`Delete ${endpoint.url}`}
                  >
                    <Trans>Delete</Trans>
                  </button>
                </div>
              )}
              <WebhookDeliveries endpoint={endpoint} />
            </li>
          ))}
        </ul>
      )}
      <form className="account-form" onSubmit={(event) => void add(event)} noValidate>
        <Field label={t`Endpoint URL`} hint={t`An https address of your server that accepts POST requests.`}>
          {(props) => (
            <input
              {...props}
              type="url"
              inputMode="url"
              value={url}
              maxLength={WEBHOOK_URL_MAX_LENGTH}
              onChange={(event) => setUrl(event.target.value)}
              placeholder="https://"
            />
          )}
        </Field>
        {error !== null && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <div className="account-actions">
          <button type="submit" className="btn btn--primary" disabled={busy || !online} aria-describedby={online ? undefined : 'account-webhooks-offline'}>
            <Trans>Add endpoint</Trans>
          </button>
        </div>
      </form>
      {!online && (
        <OfflineReason id="account-webhooks-offline">
          <Trans>You are offline. Connect to the internet to manage your endpoints.</Trans>
        </OfflineReason>
      )}
    </>
  )
}
