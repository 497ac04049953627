// Bench row: wall time of the local renderer for a 5 s 1080x1920 UGC clip
// (docs/quality.md: <= 10 s on 2 cores). Informative, never a timed unit test.
// Runs in `npm run bench` (add `renderTime` to its measures) or alone:
//   node_modules/.bin/node scripts/bench/render-bench.ts
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DEFAULT_DURATION, DEMO_SEED } from '../../contract/constants.ts'
import { renderUgc } from '../../server/render/local-renderer.ts'
import { loadNow, type BenchRow, type Measure } from './bench-row.ts'

/** docs/quality.md: local renderer, 5 s 1080x1920 clip, <= 10 s wall on 2 cores. */
export const RENDER_BUDGET_MS = 10_000

export async function measureRenderTime(): Promise<BenchRow> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'actorly-render-bench-'))
  try {
    const started = performance.now()
    await renderUgc({
      prompt: 'A friendly presenter on a sunny beach talks about a new sunscreen, warm light, handheld',
      seed: DEMO_SEED,
      durationSeconds: Number(DEFAULT_DURATION),
      outFile: path.join(dir, 'bench.mp4'),
    })
    const wallMs = performance.now() - started
    return {
      what: `Local render, ${DEFAULT_DURATION} s 1080x1920 UGC clip, wall`,
      value: `${(wallMs / 1000).toFixed(2)} s`,
      budget: `<= ${RENDER_BUDGET_MS / 1000} s`,
      pass: wallMs <= RENDER_BUDGET_MS,
      load: loadNow(),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export const renderTime: Measure = {
  name: 'local render time',
  run: async () => [await measureRenderTime()],
}

if (import.meta.main) {
  const row = await measureRenderTime()
  process.stdout.write(`${row.what}: ${row.value} (budget ${row.budget}) ${row.pass ? 'pass' : 'over budget'}\n`)
}
