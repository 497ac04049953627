// The one classic script of an app page's head (src/boot/page-start.ts): typed and
// tested like the app, bundled here on its own as a small IIFE, since it must run
// before the page is parsed and painted, which a module script never does.
import path from 'node:path'
import { build, type ResolvedConfig, type Rollup } from 'vite'

const ENTRY = 'src/boot/head-script.ts'

function isOutput(result: unknown): result is Rollup.RollupOutput {
  return typeof result === 'object' && result !== null && 'output' in result && Array.isArray(result.output)
}

export async function buildHeadScript(config: ResolvedConfig): Promise<string> {
  const result = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: config.resolve.alias },
    build: {
      write: false,
      target: config.build.target,
      minify: true,
      lib: { entry: path.resolve(config.root, ENTRY), formats: ['iife'], name: 'actorlyHead' },
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]).filter(isOutput)
  const chunk = outputs.flatMap((output) => output.output).find((item): item is Rollup.OutputChunk => item.type === 'chunk')
  if (!chunk) throw new Error(`prerender: ${ENTRY} built to nothing`)
  return chunk.code
}
