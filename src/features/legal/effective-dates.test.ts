import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PRIVACY_EFFECTIVE_DATE, TERMS_EFFECTIVE_DATE } from './effective-dates'

// A legal text's 'last updated' date must move when its words do (decision
// 0256). Each text's words, English and German, are fingerprinted from the
// German catalog (it holds both); the fingerprint is recorded here together
// with the date it belongs to. Changed the words? Set the new date in
// effective-dates.ts, then record both below.
const RECORDED = {
  terms: { effective: '2026-11-27', fingerprint: '90bed65b70648a51' },
  privacy: { effective: '2026-11-27', fingerprint: 'f478941d3578235c' },
}

const TEXTS = {
  terms: /src\/features\/legal\/terms-(page|sections[\w-]*)\.tsx/,
  privacy: /src\/features\/legal\/privacy-(page|section[\w-]*)\.tsx/,
}

/** A .po string: "…" lines after the keyword, joined and unescaped enough to compare. */
function poString(block: string, keyword: 'msgid' | 'msgstr'): string {
  const match = new RegExp(`^${keyword} ((?:".*"\\n?)+)`, 'm').exec(block)
  return (match?.[1] ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(1, -1))
    .join('')
}

function fingerprint(text: RegExp): string {
  const catalog = readFileSync(path.resolve(import.meta.dirname, '../../locales/de/legal.po'), 'utf8')
  const messages = catalog
    .split(/\n\n+/)
    .filter((block) => block.split('\n').some((line) => line.startsWith('#: ') && text.test(line)))
    // Soft hyphens only say where a long word may break on screen: not a change of words.
    .map((block) => `${poString(block, 'msgid')}\u0000${poString(block, 'msgstr')}`.replaceAll('\u00AD', ''))
    .toSorted()
  expect(messages.length).toBeGreaterThan(10)
  return createHash('sha256').update(messages.join('\u0001')).digest('hex').slice(0, 16)
}

describe('legal effective dates (spec §2 last updated)', () => {
  it.each([['terms', TERMS_EFFECTIVE_DATE] as const, ['privacy', PRIVACY_EFFECTIVE_DATE] as const])(
    '%s: the date in effective-dates.ts belongs to the words as they are',
    (text, effective) => {
      expect(effective).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(effective, `effective-dates.ts and the record here disagree about the ${text}`).toBe(RECORDED[text].effective)
      expect(
        fingerprint(TEXTS[text]),
        `The ${text} text changed: set its new date in effective-dates.ts, then record the date and this fingerprint here.`,
      ).toBe(RECORDED[text].fingerprint)
    },
  )
})
