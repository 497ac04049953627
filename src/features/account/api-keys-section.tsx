import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { API_KEY_NAME_MAX } from '@contract/constants'
import type { ApiKeyView } from '@contract/developer-settings'
import type { ApiScope } from '@contract/public-api/paths'
import { Field } from '@/ui/field'
import { OfflineReason } from './account-section'
import type { AccountSectionProps } from './account-section-props'
import { ShownOnce } from './shown-once'

// The calls (ky, schemas) load when the section first asks (docs/decisions/0203).
const calls = () => import('./developer-calls')
export const apiKeysKey = (uid: string) => ['developer-keys', uid] as const

/** API keys (docs/decisions/0401): make one (shown once), see when each was last used, revoke. */
export function ApiKeysSection({ user, online }: AccountSectionProps) {
  const { t, i18n } = useLingui()
  const client = useQueryClient()
  const keys = useQuery({ queryKey: apiKeysKey(user.uid), queryFn: async () => (await calls()).listKeys() })
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiScope[]>(['generations:write', 'generations:read'])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null)
  const refresh = () => client.invalidateQueries({ queryKey: apiKeysKey(user.uid) })
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })

  async function create(event: FormEvent) {
    event.preventDefault()
    if (name.trim() === '') return setError(t`Please name the key, e.g. after the program that uses it.`)
    if (scopes.length === 0) return setError(t`Choose what the key may do.`)
    setBusy(true)
    setError(null)
    const made = await (await calls()).createKey({ name: name.trim(), scopes })
    setBusy(false)
    if (!made.ok)
      return setError(
        made.code === 'limit_reached' ? t`You have 10 keys. Revoke one before you create another.` : t`The key could not be created. Please try again.`,
      )
    setSecret(made.value.secret)
    setName('')
    await refresh()
  }

  async function revoke(key: ApiKeyView) {
    setBusy(true)
    const done = await (await calls()).revokeKey(key.id)
    setBusy(false)
    setRevoking(null)
    setError(done.ok ? null : t`The key could not be revoked. Please try again.`)
    await refresh()
  }

  const toggle = (scope: ApiScope, on: boolean) => setScopes((current) => (on ? [...new Set([...current, scope])] : current.filter((s) => s !== scope)))

  return (
    <>
      <p className="hint">
        <Trans>
          Keys let your own programs make videos with your credits through the <Link to="/developers">developer API</Link>. A key acts as you: keep it secret.
        </Trans>
      </p>
      {secret !== null && <ShownOnce label={t`Your new API key`} secret={secret} onDone={() => setSecret(null)} />}
      {keys.isError && (
        <p role="alert" className="form-error">
          <Trans>Your keys could not be loaded. Please try again.</Trans>
        </p>
      )}
      {keys.data !== undefined && keys.data.length === 0 && (
        <p>
          <Trans>No keys yet.</Trans>
        </p>
      )}
      {keys.data !== undefined && keys.data.length > 0 && (
        <ul className="account-list" aria-label={t`Your API keys`}>
          {keys.data.map((key) => (
            <li key={key.id} className="account-list__item">
              <div className="account-list__main">
                <strong>{key.name}</strong>
                <code>{key.prefix}…</code>
                <span className="hint">
                  {key.scopes.map((scope) => (scope === 'generations:write' ? t`Create generations` : t`Read generations`)).join(' · ')}
                </span>
                <span className="hint">
                  {t`Created ${when(key.createdAt)}`} · {key.lastUsedAt === null ? t`Never used` : t`Last used ${when(key.lastUsedAt)}`}
                </span>
              </div>
              {revoking?.id === key.id ? (
                <div className="account-actions">
                  <span>
                    <Trans>Programs using it stop at once.</Trans>
                  </span>
                  <button type="button" className="btn btn--danger btn--small" onClick={() => void revoke(key)} disabled={busy || !online}>
                    <Trans>Revoke</Trans>
                  </button>
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => setRevoking(null)}>
                    <Trans>Cancel</Trans>
                  </button>
                </div>
              ) : (
                <button type="button" className="btn btn--small" onClick={() => setRevoking(key)} disabled={!online} aria-label={t`Revoke ${key.name}`}>
                  <Trans>Revoke</Trans>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="account-form" onSubmit={(event) => void create(event)} noValidate>
        <Field label={t`Key name`} hint={t`For you to tell keys apart, e.g. Zapier or CI.`}>
          {(props) => <input {...props} value={name} maxLength={API_KEY_NAME_MAX} onChange={(event) => setName(event.target.value)} autoComplete="off" />}
        </Field>
        <fieldset className="account-scopes">
          <legend>
            <Trans>The key may</Trans>
          </legend>
          <label>
            <input type="checkbox" checked={scopes.includes('generations:write')} onChange={(event) => toggle('generations:write', event.target.checked)} />
            <Trans>Create generations (and upload their files)</Trans>
          </label>
          <label>
            <input type="checkbox" checked={scopes.includes('generations:read')} onChange={(event) => toggle('generations:read', event.target.checked)} />
            <Trans>Read generations</Trans>
          </label>
        </fieldset>
        {error !== null && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <div className="account-actions">
          <button type="submit" className="btn btn--primary" disabled={busy || !online} aria-describedby={online ? undefined : 'account-keys-offline'}>
            <Trans>Create key</Trans>
          </button>
        </div>
      </form>
      {!online && (
        <OfflineReason id="account-keys-offline">
          <Trans>You are offline. Connect to the internet to manage your keys.</Trans>
        </OfflineReason>
      )}
    </>
  )
}
