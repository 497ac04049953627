// Vite plugin: after the build (and after vite-plugin-pwa has written sw.js)
// writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every
// text file of the output, which the server sends to clients that accept them
// (server/http/pwa-static.ts, docs/decisions/0200). Compressing once at build time
// lets the server answer with the smallest bytes at no cost per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

/** The server's list (pwa-static.ts COMPRESSIBLE) must cover these. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|vtt|xml)$/i
/** Smaller files gain nothing once headers and framing are counted. */
const MIN_BYTES = 512

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
}

const toBrotli = (bytes: Buffer) =>
  promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
const toGzip = (bytes: Buffer) => promisify(gzip)(bytes, { level: 9 })

/** Writes the copies for every text file under `dir`; returns how many files got them. */
export async function precompressFolder(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file))
  let written = 0
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return
      const bytes = await readFile(file)
      const [br, gz] = await Promise.all([toBrotli(bytes), toGzip(bytes)])
      // A copy that is not smaller is not worth a request header.
      if (br.length < bytes.length) await writeFile(`${file}.br`, br)
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz)
      written += 1
    }),
  )
  return written
}

export function precompress(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'actorly:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      // After vite-plugin-pwa's closeBundle, which writes sw.js with its precache list.
      order: 'post',
      sequential: true,
      async handler() {
        if (config.build.ssr) return
        await precompressFolder(path.resolve(config.root, config.build.outDir))
      },
    },
  }
}
