// Bench rows: what each generation costs at fal beside what the user pays for
// it in credits, per kind and configured model (FAL_UGC_MODEL etc. from the
// environment, else the defaults), so an operator sees the margin. "Budget"
// is the least the user pays (cheapest purchase tier); a fal price that is not
// recorded shows as not met. Runs in `npm run bench` or alone:
//   node_modules/.bin/node scripts/bench/generation-cost.ts
import { loadConfig } from '../../server/config.ts'
import { DEFAULT_FAL_MODELS } from '../../server/providers/fal/model-families.ts'
import { cheapestUserUsd, generationCosts, usd } from '../../server/providers/fal/generation-cost.ts'
import { loadNow, type BenchRow, type Measure } from './bench-row.ts'

export function generationCostRows(env: Record<string, string | undefined> = process.env): BenchRow[] {
  // The fal models as the server would configure them (the key itself is never used here).
  const models =
    loadConfig({ ...env, NODE_ENV: 'development', GENERATION_PROVIDER: 'local', FAL_KEY: 'not-used-by-the-bench' }).generation.fal?.models ?? DEFAULT_FAL_MODELS
  return generationCosts(models).map((line) => {
    const userMin = cheapestUserUsd(line)
    const userMax = Math.max(...line.userUsd.map((price) => price.usd))
    return {
      what: `fal cost, ${line.what} (${line.model})`,
      value: line.falUsd === null ? 'fal price not recorded' : usd(line.falUsd, 3),
      budget: `< user pays ${usd(userMin)}–${usd(userMax)} (${line.credits} credits)`,
      pass: line.falUsd !== null && line.falUsd < userMin,
      load: loadNow(),
    }
  })
}

export const generationCost: Measure = {
  name: 'generation cost',
  run: async () => generationCostRows(),
}

if (import.meta.main) {
  for (const row of generationCostRows()) process.stdout.write(`${row.what}: ${row.value} (${row.budget}) ${row.pass ? 'margin' : 'CHECK'}\n`)
}
