// How the code a first visit fetches is cut into files (docs/decisions/0209). Left to
// itself the bundler cuts it into as many chunks as there are sets of screens sharing a
// module: 31 files for /auth, most of a few hundred bytes. On a slow phone over HTTP/1.1
// (six connections, a round trip and the headers for each) the small ones queue behind
// each other and the last arrives long after the bytes could have. What a page starts
// with is grouped instead: one chunk of what the landing's start and the app both need
// (React, Lingui, the session, the footer), one of what only the app needs (the router,
// the server state, the frame), and one of the landing's own code. A
// screen's own code and catalogs stay their own; so does what the two entries import
// themselves, which must stay small.
import path from 'node:path'

type ModuleInfo = { importedIds: readonly string[] }

const LANDING_CODE = /[\\/]src[\\/](?:boot|features[\\/]landing)[\\/]/
type ModuleGraph = { getModuleInfo(moduleId: string): ModuleInfo | null }

/** The modules `root` imports statically, directly or not. */
function staticClosure(graph: ModuleGraph, root: string): Set<string> {
  const seen = new Set<string>()
  const visit = [root]
  for (let id = visit.pop(); id !== undefined; id = visit.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    visit.push(...(graph.getModuleInfo(id)?.importedIds ?? []))
  }
  return seen
}

type Closures = { pass: ModuleInfo | null; app: Set<string>; landing: Set<string>; entries: Set<string> }

export function firstLoadChunks(projectRoot: string): (moduleId: string, graph: ModuleGraph) => string | null {
  const at = (file: string) => path.resolve(projectRoot, file)
  // The app and the landing as their entries start them, after the first paint.
  const app = at('src/boot/app.tsx')
  const landing = at('src/boot/landing-start.tsx')
  const entries = [at('src/main.tsx'), at('src/boot/landing.ts')]
  // One chunking pass names every module, and hands out the same module infos meanwhile: the closures are computed once a pass.
  let closures: Closures | undefined
  return (moduleId, graph) => {
    const pass = graph.getModuleInfo(app)
    if (closures?.pass !== pass) {
      const entryClosures = entries.map((entry) => staticClosure(graph, entry))
      closures = { pass, app: staticClosure(graph, app), landing: staticClosure(graph, landing), entries: new Set(entryClosures.flatMap((set) => [...set])) }
    }
    if (closures.entries.has(moduleId)) return null
    const inApp = closures.app.has(moduleId)
    const inLanding = closures.landing.has(moduleId)
    if (inApp && inLanding) return 'shared'
    if (inApp) return 'app'
    if (!inLanding) return null
    // The landing's own code in its chunk; what it shares with parts the app loads later
    // (a screen, a hint) goes with the shared chunk, so no screen ever loads the landing's.
    return LANDING_CODE.test(moduleId) ? 'landing-start' : 'shared'
  }
}
