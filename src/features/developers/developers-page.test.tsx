import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import document from '@contract/public-api/openapi.json'
import { renderInRouter } from '@/app/testing/render-in-router'
import { DevelopersPage } from './developers-page'
import { errorCodesOf, operationsOf, webhooksOf, type OpenApiDocument } from './openapi-model'
import { ERROR_TEXTS, OPERATION_TEXTS, WEBHOOK_TEXTS } from './reference-texts'

// The developer page (docs/decisions/0407) renders the API's OpenAPI document: every call,
// event and error code it names is on the page, in the reader's language.

const doc: OpenApiDocument = document

describe('the developer page', () => {
  it('has words in every language for each call, event and error code of the document', () => {
    expect(
      operationsOf(doc)
        .map((operation) => operation.id)
        .filter((id) => OPERATION_TEXTS[id] === undefined),
    ).toEqual([])
    expect(
      webhooksOf(doc)
        .map((webhook) => webhook.name)
        .filter((name) => WEBHOOK_TEXTS[name] === undefined),
    ).toEqual([])
    expect(
      errorCodesOf(doc)
        .map((error) => error.code)
        .filter((code) => ERROR_TEXTS[code] === undefined),
    ).toEqual([])
  })

  it('reads the fields of a call from the document, nested ones too', () => {
    const create = operationsOf(doc).find((operation) => operation.id === 'createUgcActor')
    expect(create?.method).toBe('POST')
    expect(create?.body?.fields.map((field) => field.name)).toEqual(['prompt', 'duration_seconds', 'seed', 'enhanced'])
    expect(create?.answer?.fields.map((field) => field.name)).toContain('progress.total')
    expect(create?.refusals.map((refusal) => refusal.code)).toContain('generation_in_progress')
  })

  it('shows the quick start and every call, in German too', async () => {
    await renderInRouter(<DevelopersPage />, { locale: 'de', areas: ['developers'], path: '/account' })
    expect(screen.getByRole('heading', { level: 1, name: 'Entwickler-API' })).toBeInTheDocument()
    const quickStart = within(screen.getByRole('region', { name: 'Schnellstart' }))
    expect(quickStart.getByText(/generations\/ugc-actor/)).toBeInTheDocument()
    expect(quickStart.getByText(/new Webhook\(process\.env\.ACTORLY_WEBHOOK_SECRET\)/)).toBeInTheDocument()
    const calls = within(screen.getByRole('region', { name: 'Aufrufe' }))
    // The German catalog's soft hyphens (where a long word may break) are no part of the words.
    expect(calls.getByRole('heading', { level: 3, name: (name) => name.replaceAll('\u00AD', '') === 'Ein UGC-Darsteller-Video erstellen' })).toBeInTheDocument()
    for (const operation of operationsOf(doc)) expect(calls.getAllByText(operation.path, { selector: 'code' }).length).toBeGreaterThan(0)
    const errors = within(screen.getByRole('region', { name: 'Fehler' }))
    expect(errors.getByText('generation_in_progress').closest('div')).toHaveAttribute('id', 'error-generation_in_progress')
  })
})
