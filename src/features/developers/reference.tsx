import { Trans, useLingui } from '@lingui/react/macro'
import document from '@contract/public-api/openapi.json'
import { FieldTable } from './field-table'
import { errorCodesOf, operationsOf, webhooksOf, type OpenApiDocument, type OperationView } from './openapi-model'
import { ERROR_TEXTS, OPERATION_TEXTS, WEBHOOK_TEXTS } from './reference-texts'

// The reference, rendered from the OpenAPI document the server serves: the build
// prerenders it, so the page is the document as it was built.

const doc: OpenApiDocument = document
const OPERATIONS = operationsOf(doc)
const WEBHOOKS = webhooksOf(doc)
const ERRORS = errorCodesOf(doc)

function Operation({ operation }: { operation: OperationView }) {
  const { t, i18n } = useLingui()
  const texts = OPERATION_TEXTS[operation.id]
  return (
    <article id={operation.id} className="card developers-call" aria-labelledby={`${operation.id}-title`}>
      <h3 id={`${operation.id}-title`}>{texts === undefined ? operation.summary : i18n._(texts.summary)}</h3>
      <p className="developers-endpoint">
        <span className={`developers-method developers-method--${operation.method.toLowerCase()}`}>{operation.method}</span>
        <code>{operation.path}</code>
      </p>
      <p>{texts === undefined ? operation.description : i18n._(texts.description)}</p>
      <FieldTable caption={t`Parameters`} rows={operation.parameters} />
      {operation.body !== null && <FieldTable caption={t`Body (${operation.body.contentType})`} rows={operation.body.fields} />}
      {operation.answer !== null && <FieldTable caption={t`Answer ${operation.answer.status}`} rows={operation.answer.fields} />}
      {operation.refusals.length > 0 && (
        <p className="developers-refusals">
          <Trans>Refusals:</Trans>{' '}
          {operation.refusals.map((refusal, index) => (
            <span key={`${refusal.status}-${refusal.code}-${index}`}>
              {index > 0 && ', '}
              <a href={`#error-${refusal.code}`}>
                {refusal.status} <code>{refusal.code}</code>
              </a>
            </span>
          ))}
        </p>
      )}
    </article>
  )
}

export function Reference() {
  const { t, i18n } = useLingui()
  const webhookText = (name: string, fallback: string): string => {
    const text = WEBHOOK_TEXTS[name]
    return text === undefined ? fallback : i18n._(text)
  }
  const errorText = (code: string): string => {
    const text = ERROR_TEXTS[code]
    return text === undefined ? '' : i18n._(text)
  }
  return (
    <>
      <section id="calls" className="developers-section" aria-labelledby="calls-title">
        <h2 id="calls-title">
          <Trans>Calls</Trans>
        </h2>
        <p>
          <Trans>
            Send your key as Authorization: Bearer actorly_sk_… and JSON bodies. Each key may make 60 requests at once and earns one back each second; the
            RateLimit and RateLimit-Policy headers say where it stands.
          </Trans>
        </p>
        {OPERATIONS.map((operation) => (
          <Operation key={operation.id} operation={operation} />
        ))}
      </section>
      <section id="webhooks" className="developers-section" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">
          <Trans>Webhooks</Trans>
        </h2>
        <p>
          <Trans>
            When a generation ends, each endpoint of your account gets an event: a POST with a JSON body and the headers webhook-id, webhook-timestamp and
            webhook-signature. Failed deliveries are retried for about 18 hours; the Account screen shows every attempt.
          </Trans>
        </p>
        {WEBHOOKS.map((webhook) => (
          <article key={webhook.name} id={`event-${webhook.name}`} className="card developers-call" aria-labelledby={`event-${webhook.name}-title`}>
            <h3 id={`event-${webhook.name}-title`}>
              <code>{webhook.name}</code>
            </h3>
            <p>{webhookText(webhook.name, webhook.summary)}</p>
            <FieldTable caption={t`Headers`} rows={webhook.headers} />
            <FieldTable caption={t`Body`} rows={webhook.fields} />
          </article>
        ))}
      </section>
      <section id="errors" className="developers-section" aria-labelledby="errors-title">
        <h2 id="errors-title">
          <Trans>Errors</Trans>
        </h2>
        <p>
          <Trans>
            Every refusal is application/problem+json (RFC 9457): type, title, status, detail, and a stable code to program against. Nothing was charged or
            started by a refused call.
          </Trans>
        </p>
        <dl className="developers-errors">
          {ERRORS.map(({ code, statuses }) => (
            <div key={code} id={`error-${code}`}>
              <dt>
                <code>{code}</code> <span className="hint">{statuses.join(', ')}</span>
              </dt>
              <dd>{errorText(code)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  )
}
