import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useHydrated } from '@/app/use-hydrated'
import { CodeBlock } from './code-block'

/** The example host before the page knows its own (the prerendered HTML). */
const EXAMPLE_ORIGIN = 'https://actorly.example'

function curlCreate(origin: string): string {
  return [
    `curl ${origin}/api/public/v1/generations/ugc-actor \\`,
    '  -H "Authorization: Bearer $ACTORLY_KEY" \\',
    '  -H "Content-Type: application/json" \\',
    '  -H "Idempotency-Key: $(uuidgen)" \\',
    `  -d '{"prompt": "A barista recommends our oat latte", "duration_seconds": 5}'`,
  ].join('\n')
}

function curlRead(origin: string): string {
  return [`curl ${origin}/api/public/v1/generations/GENERATION_ID \\`, '  -H "Authorization: Bearer $ACTORLY_KEY"'].join('\n')
}

const VERIFY = `import { Webhook } from 'standardwebhooks' // npm install standardwebhooks

const webhook = new Webhook(process.env.ACTORLY_WEBHOOK_SECRET) // whsec_…

// In your handler, with the body exactly as it arrived:
const event = webhook.verify(rawBody, request.headers) // throws when forged or stale
if (event.type === 'generation.completed') console.log(event.data.video_url)`

/** Three steps: a key, a UGC video with curl, a verified webhook in a few lines of Node. */
export function QuickStart() {
  const { t } = useLingui()
  const hydrated = useHydrated()
  const origin = hydrated ? window.location.origin : EXAMPLE_ORIGIN
  return (
    <section id="quick-start" className="developers-section" aria-labelledby="quick-start-title">
      <h2 id="quick-start-title">
        <Trans>Quick start</Trans>
      </h2>
      <ol className="developers-steps">
        <li>
          <h3>
            <Trans>Create a key</Trans>
          </h3>
          <p>
            <Trans>
              On your <Link to="/account">Account</Link> screen, under API keys, create a key and copy it: it is shown once. Keep it on your server, never in a
              web page.
            </Trans>
          </p>
        </li>
        <li>
          <h3>
            <Trans>Make a UGC actor video</Trans>
          </h3>
          <p>
            <Trans>Start it. The answer is the generation, queued; the price is held at once. The same Idempotency-Key on a retry never charges twice.</Trans>
          </p>
          <CodeBlock label={t`Start a UGC actor video with curl`} code={curlCreate(origin)} />
          <p>
            <Trans>Read it until its status is completed; video_url is then the MP4. Or let a webhook tell you.</Trans>
          </p>
          <CodeBlock label={t`Read the generation with curl`} code={curlRead(origin)} />
        </li>
        <li>
          <h3>
            <Trans>Verify a webhook</Trans>
          </h3>
          <p>
            <Trans>
              Add your endpoint's URL on the Account screen, under Webhooks, and keep its secret. Every event is signed the Standard Webhooks way; in Node:
            </Trans>
          </p>
          <CodeBlock label={t`Verify a webhook in Node`} code={VERIFY} />
          <p>
            <Trans>Answer any 2xx within 10 seconds. An event that fails is sent again with the same webhook-id, so deduplicate by it.</Trans>
          </p>
        </li>
      </ol>
    </section>
  )
}
