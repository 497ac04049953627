/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { firstLoadChunks } from './scripts/vite/first-load-chunks.ts'
import { precompress } from './scripts/vite/precompress.ts'
import { prerender } from './scripts/vite/prerender/index.ts'
import { manifest } from './src/app/manifest.ts'

const apiTarget = process.env.ACTORLY_API_ORIGIN ?? 'http://127.0.0.1:8787'

export default defineConfig({
  // The footer's year in prerendered HTML (src/app/shell/footer.tsx).
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  resolve: {
    alias: [
      { find: '@contract', replacement: fileURLToPath(new URL('./contract', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod without its `new Function` JIT, which our CSP forbids (docs/decisions/0204).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }),
    // Lingui's macros must be transformed before the React plugin sees the JSX.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    prerender(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      // The plugin adds these, the manifest and the manifest's icons to the precache itself.
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      injectManifest: {
        // The shell: JS, CSS and HTML (the prerendered pages too). Videos, posters and
        // screenshots are cached at runtime, never precached (docs/decisions/0051); icons and
        // the manifest come from the lines above, so a glob here would list them twice.
        globPatterns: ['**/*.{js,css,html}'],
        globIgnores: ['**/samples/**', '**/demo/**', '**/screenshots/**'],
        // The worker words push notifications with Lingui (sw/push-notifications.ts): its own build needs the macro and the catalog loader.
        buildPlugins: { vite: [babel({ presets: [linguiTransformerBabelPreset()] }), lingui()] },
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  server: { host: '127.0.0.1', proxy: { '/api': apiTarget, '/media': apiTarget, '/checkout': apiTarget } },
  preview: { host: '127.0.0.1' },
  // ACTORLY_DIST lets parallel work build into separate folders; CI uses dist/.
  build: {
    target: 'es2022',
    sourcemap: false,
    outDir: process.env.ACTORLY_DIST ?? 'dist',
    emptyOutDir: true,
    // Dexie in a chunk of its own: left to the bundler it shares one with zod, so every screen
    // that validates an answer would also download the device database (docs/decisions/0203).
    // What an app page starts with comes in a few files, not dozens (scripts/vite/first-load-chunks.ts, docs/decisions/0208).
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group keeps to the modules it names: the app's group must not pull in the shared ones.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'dexie', test: /[\\/]node_modules[\\/]dexie[\\/]/, priority: 2 },
            { name: firstLoadChunks(fileURLToPath(new URL('.', import.meta.url))), priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'contract/**/*.test.ts'],
          setupFiles: ['./src/test/setup.ts'],
          restoreMocks: true,
        },
      },
      {
        // The API server's tests: Node, the real auth emulator, real SQLite/PostgreSQL, real ffmpeg.
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['./server/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          restoreMocks: true,
        },
      },
    ],
  },
})
