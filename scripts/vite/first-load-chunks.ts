// How the code an app page fetches with its HTML is cut into files (docs/decisions/0208).
// Left to itself the bundler cuts it into as many chunks as there are sets of screens
// sharing a module: 25 files for /auth, most of a few hundred bytes. On a slow phone
// over HTTP/1.1 (six connections, a round trip each) the small ones queue behind each
// other and the last arrives long after the bytes could have. What the app starts with
// is grouped instead: one chunk of what the landing's start and the app both need
// (React, Lingui, the session, the footer) and one of what only the app needs (the
// router, the server state, the frame). A screen's own code and catalogs stay their own.
import path from 'node:path'

type ModuleInfo = { importedIds: readonly string[] }
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

export function firstLoadChunks(projectRoot: string): (moduleId: string, graph: ModuleGraph) => string | null {
  const app = path.resolve(projectRoot, 'src/boot/app.tsx')
  const landing = path.resolve(projectRoot, 'src/boot/landing-start.tsx')
  // The entry starts the app with a dynamic import: what it imports itself stays out of the app's chunks.
  const entry = path.resolve(projectRoot, 'src/main.tsx')
  // One chunking pass names every module, and hands out the same module infos meanwhile: the closures are computed once a pass.
  let closures: { pass: ModuleInfo | null; app: Set<string>; landing: Set<string>; entry: Set<string> } | undefined
  return (moduleId, graph) => {
    const pass = graph.getModuleInfo(app)
    if (closures?.pass !== pass) {
      closures = { pass, app: staticClosure(graph, app), landing: staticClosure(graph, landing), entry: staticClosure(graph, entry) }
    }
    if (!closures.app.has(moduleId) || closures.entry.has(moduleId)) return null
    return closures.landing.has(moduleId) ? 'shared' : 'app'
  }
}
