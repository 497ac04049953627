import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FAL_PRICES, falCostUsd } from './fal-prices.ts'
import { cheapestUserUsd, generationCosts, usd } from './generation-cost.ts'
import { FAL_ENDPOINTS } from './model-families.ts'

// The cost lines an operator reads (docs/operations/generation.md, the bench)
// come from the table, and the docs show the same numbers.

const docs = readFileSync('docs/operations/generation.md', 'utf8')

describe('cost per generation', () => {
  it('reproduces fal’s own examples from its token prices', () => {
    const fullHd5s = { width: 1080, height: 1920, seconds: 5, audio: false }
    expect(falCostUsd(FAL_PRICES.seedance1ProFast, fullHd5s)).toBeCloseTo(0.245, 2)
    expect(falCostUsd(FAL_PRICES.seedance1Pro, fullHd5s)).toBeCloseTo(0.62, 1)
    expect(falCostUsd(FAL_PRICES.seedance15Pro, { width: 1280, height: 720, seconds: 5, audio: true })).toBeCloseTo(0.26, 2)
    expect(falCostUsd(FAL_PRICES.syncLipsync, fullHd5s)).toBeNull()
  })

  it('prices each credit line at every purchase tier, the cheapest being $1.75 a credit', () => {
    const [ugc] = generationCosts()
    expect(ugc?.userUsd.map((price) => usd(price.usd))).toEqual(['$3.18', '$3.06', '$3.10', '$3.06'])
    expect(ugc && cheapestUserUsd(ugc)).toBeCloseTo(3.0625)
  })

  it('is what docs/operations/generation.md shows', () => {
    for (const line of generationCosts()) {
      const fal = line.falUsd === null ? 'not recorded' : usd(line.falUsd, 3)
      const row = `| ${line.what} | \`${line.model}\` | ${fal} | ${line.credits} | ${line.userUsd.map((price) => usd(price.usd)).join(' | ')} |`
      expect(docs).toContain(row)
    }
  })

  it('names every endpoint of the table and its source in the docs', () => {
    for (const endpoint of FAL_ENDPOINTS) {
      expect(docs).toContain(`\`${endpoint.id}\``)
      expect(docs).toContain(endpoint.source.url)
    }
  })
})
