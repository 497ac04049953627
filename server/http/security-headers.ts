import { createMiddleware } from 'hono/factory'
import type { Config } from '../config.ts'

// docs/quality.md security: a CSP that allows exactly what the PWA needs, nosniff,
// frame-ancestors none, HSTS in production; the page's policies on every answer but
// the build's hashed code, which is never a document.

const FIREBASE_IDENTITY_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']

function firebaseAuthDomain(projectId: string): string {
  return `https://${projectId}.firebaseapp.com`
}

export function contentSecurityPolicy(config: Config): string {
  const emulator = config.firebase.authEmulatorHost === null ? [] : [`http://${config.firebase.authEmulatorHost}`]
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Google sign-in's popup helper comes from apis.google.com (Firebase Auth). No payment
    // script loads: checkout leaves for the session's URL (docs/decisions/0122).
    'script-src': ["'self'", 'https://apis.google.com'],
    // React sets style attributes; Radix injects small <style> tags.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Generated videos, recordings and previews are blob:/data: URLs; media is served by this origin.
    'img-src': ["'self'", 'blob:', 'data:'],
    'media-src': ["'self'", 'blob:', 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...FIREBASE_IDENTITY_ORIGINS, ...emulator],
    // Firebase Auth's popup/redirect helper iframe lives on the project's auth domain (or the emulator).
    'frame-src': ["'self'", firebaseAuthDomain(config.firebase.projectId), ...emulator],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  const policy = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`)
  if (config.isProduction) policy.push('upgrade-insecure-requests')
  return policy.join('; ')
}

/**
 * The build's hashed scripts and stylesheets (the app's code, never a document). A
 * browser reads the page's policies from the page, and a script's or stylesheet's copy
 * goes unused; over HTTP/1.1 each copy costs about 700 bytes on every one of them, which
 * the first load of a slow phone feels (docs/decisions/0208).
 */
const CODE_ASSET = /^\/assets\/[^/]+\.(?:js|css)$/

export function securityHeaders(config: Config) {
  const csp = contentSecurityPolicy(config)
  return createMiddleware(async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Cross-Origin-Resource-Policy', 'same-origin')
    if (config.isProduction) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    if (CODE_ASSET.test(c.req.path)) return
    c.header('Content-Security-Policy', csp)
    c.header('X-Frame-Options', 'DENY')
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    // Google sign-in opens a popup that must be able to message back.
    c.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups')
    // The lip-sync form records audio (spec §2); nothing else needs a device.
    c.header('Permissions-Policy', 'camera=(), geolocation=(), microphone=(self), payment=()')
  })
}
