import { createMiddleware } from 'hono/factory'
import type { Config } from '../config.ts'

// quality.md security: a CSP that allows exactly what the PWA needs, nosniff,
// frame-ancestors none, HSTS in production.

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

export function securityHeaders(config: Config) {
  const csp = contentSecurityPolicy(config)
  return createMiddleware(async (c, next) => {
    await next()
    c.header('Content-Security-Policy', csp)
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('X-Frame-Options', 'DENY')
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    // Google sign-in opens a popup that must be able to message back.
    c.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups')
    c.header('Cross-Origin-Resource-Policy', 'same-origin')
    // The lip-sync form records audio (spec §2); nothing else needs a device.
    c.header('Permissions-Policy', 'camera=(), geolocation=(), microphone=(self), payment=()')
    if (config.isProduction) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  })
}
