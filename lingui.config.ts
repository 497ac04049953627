import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// One catalog per area so that features own their messages (docs/decisions/0003).
// `src/locales/<locale>/<area>.po`; a screen loads the shell's catalog and its own (docs/decisions/0202).
const areas = ['landing', 'legal', 'support', 'demo', 'payment', 'auth', 'generator', 'gallery', 'purchase', 'account', 'developers'] as const

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/common',
      include: [
        '<rootDir>/src/app',
        '<rootDir>/src/ui',
        '<rootDir>/src/routes',
        '<rootDir>/src/i18n',
        '<rootDir>/src/api',
        '<rootDir>/src/session',
        '<rootDir>/src/jobs',
        '<rootDir>/src/device',
        '<rootDir>/src/boot',
        '<rootDir>/src/lib',
      ],
    },
    // The service worker's notifications load this catalog alone (sw/push-notifications.ts).
    { path: '<rootDir>/src/locales/{locale}/notifications', include: ['<rootDir>/src/notifications'] },
    ...areas.map((area) => ({
      path: `<rootDir>/src/locales/{locale}/${area}`,
      include: [`<rootDir>/src/features/${area}`],
    })),
  ],
})
