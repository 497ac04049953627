import { expect, it } from 'vitest'
import { SCREENS } from '@contract/screens'
import { createAppRouter } from '@/router'

// contract/screens.ts lists the screens the build renders, the server and the worker
// send, and the tools measure: the app's routes (spec §2), the catch-all aside.
it('lists every route of the app, and nothing else', () => {
  const routes = Object.keys(createAppRouter().routesByPath).filter((path) => !path.includes('$'))
  expect([...SCREENS].sort()).toEqual(routes.sort())
})
