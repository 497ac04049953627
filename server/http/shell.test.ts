import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createTestServer, type TestServer } from '../testing/harness.ts'
import { securityHeaders } from './security-headers.ts'

let server: TestServer
let dist: string
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'actorly-dist-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Actorly</title><div id="root"></div>')
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.info("app")')
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}')
  server = await createTestServer({ distDir: dist, env: { CORS_ORIGINS: 'https://partner.example' } })
})
afterAll(async () => {
  await server.close()
  rmSync(dist, { recursive: true, force: true })
})

describe('security headers', () => {
  it('sends CSP, nosniff and frame-ancestors none on API and page answers', async () => {
    for (const res of [await server.request('/api/health'), await server.request('/')]) {
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toMatch(/media-src 'self' blob: data:/)
      expect(csp).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:\d+/) // the auth emulator
      expect(csp).not.toContain('js.stripe.com')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('strict-transport-security')).toBeNull()
    }
  })

  it('leaves the page policies off the hashed code, which keeps nosniff and its own origin', async () => {
    const code = await server.request('/assets/index-AbC123.js')
    expect(code.status).toBe(200)
    expect(code.headers.get('x-content-type-options')).toBe('nosniff')
    expect(code.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    for (const header of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'cross-origin-opener-policy']) {
      expect({ header, value: code.headers.get(header) }).toEqual({ header, value: null })
    }
    // The service worker is a script that runs as its own context: it keeps the policy.
    expect((await server.request('/sw.js')).headers.get('content-security-policy')).toContain("default-src 'self'")
  })

  it('adds HSTS and neither the emulator nor a payment script host in production', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'actorly-prod',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_STARTER: 'a',
      STRIPE_PRICE_CREATOR: 'b',
      STRIPE_PRICE_ENTERPRISE: 'c',
      GENERATION_PROVIDER: 'fal',
      FAL_KEY: 'fal-key',
      MEDIA_SIGNING_SECRET: 'production-media-signing-secret-0123456789',
      SMTP_URL: 'smtps://mail.example',
      PUSH_NOTIFICATIONS: 'off',
    })
    const app = new Hono().use('*', securityHeaders(config)).get('/', (c) => c.text('ok'))
    const res = await app.request('/')
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    const csp = res.headers.get('content-security-policy') ?? ''
    // Checkout leaves for Stripe's own page (docs/decisions/0122): no Stripe.js host is allowed.
    expect(csp).not.toContain('stripe.com')
    expect(csp).not.toContain('127.0.0.1')
  })
})

describe('CORS', () => {
  it('answers only origins on the exact list', async () => {
    const allowed = await server.request('/api/health', { headers: { origin: 'https://partner.example' } })
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example')
    const other = await server.request('/api/health', { headers: { origin: 'https://partner.example.evil.com' } })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('the built PWA on the same origin', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const res = await server.request('/assets/index-AbC123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-type')).toMatch(/javascript/)
  })

  it('never caches index.html, the service worker or the manifest', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await server.request(url)
      expect({ url, status: res.status, cache: res.headers.get('cache-control') }).toEqual({ url, status: 200, cache: 'no-cache' })
    }
  })

  it('falls back to index.html for app routes, not for /api or missing files', async () => {
    const route = await server.request('/gallery')
    expect(route.status).toBe(200)
    expect(await route.text()).toContain('<div id="root">')
    expect(route.headers.get('cache-control')).toBe('no-cache')
    const api = await server.request('/api/nothing-here')
    expect(api.status).toBe(404)
    expect(await api.json()).toEqual({ message: expect.any(String), code: 'not_found' })
    expect((await server.request('/assets/missing-123.js')).status).toBe(404)
  })
})

describe('errors', () => {
  it('answers malformed JSON with a clear 400 and a stable code', async () => {
    const res = await server.request('/api/messages/v1/new', { body: '{"message":', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'The request body is not valid JSON', code: 'invalid_json' })
  })

  it('answers GET /api/health', async () => {
    expect(await (await server.request('/api/health')).json()).toEqual({ status: 'ok', database: 'ok' })
  })
})
