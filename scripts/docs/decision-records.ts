// Reads the decision records' own header lines (title, `Status:`, `Amends` /
// `Supersedes`) and renders the index in docs/decisions/README.md. The rules a
// record's header follows are in docs/decisions/0001-record-decisions.md.

export interface DecisionRecord {
  number: string
  file: string
  title: string
  /** `accepted`, or the records that amend or supersede this one. */
  status: { amendedBy: string[]; supersededBy: string[] } | undefined
  amends: string[]
  supersedes: string[]
}

const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/
const HEADER_LINES = 6

/** Record numbers named in a clause, ignoring the notes in brackets. */
function numbersIn(text: string): string[] {
  return [...text.replace(/\([^)]*\)/g, '').matchAll(/\b\d{4}\b/g)].map((match) => match[0])
}

/** The clauses of `text` that start with one of `verbs`, by verb. */
function clauses(text: string, verbs: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const pattern = new RegExp(`\\b(${verbs.join('|')})\\b`, 'gi')
  const starts = [...text.matchAll(pattern)]
  starts.forEach((match, index) => {
    const end = starts[index + 1]?.index ?? text.length
    const verb = match[1]?.toLowerCase() ?? ''
    found.set(verb, [...(found.get(verb) ?? []), ...numbersIn(text.slice(match.index + verb.length, end))])
  })
  return found
}

export function isRecordFile(name: string): boolean {
  return RECORD_FILE.test(name)
}

export function parseRecord(file: string, text: string): DecisionRecord {
  const number = RECORD_FILE.exec(file)?.[1] ?? ''
  const lines = text.split('\n').slice(0, HEADER_LINES)
  const title = (lines.find((line) => line.startsWith('# ')) ?? '').replace(/^#\s*\d+[.:]?\s*/, '').trim()
  // "Status: accepted. Amends 0051." is read like a Status line followed by an "Amends 0051" line.
  const [statusLine, ...sameLine] = (lines.find((line) => line.startsWith('Status:'))?.slice('Status:'.length) ?? '')
    .split(/\.\s+(?=(?:Amends|Supersedes) \d{4})/)
    .map((part) => part.trim().replace(/\.$/, ''))
  let status: DecisionRecord['status']
  if (statusLine === 'accepted') status = { amendedBy: [], supersededBy: [] }
  else if (statusLine !== undefined && statusLine !== '') {
    const by = clauses(statusLine, ['amended by', 'superseded by'])
    const amendedBy = by.get('amended by') ?? []
    const supersededBy = by.get('superseded by') ?? []
    if (amendedBy.length + supersededBy.length > 0) status = { amendedBy, supersededBy }
  }
  const relationLines = [...sameLine, ...lines.filter((line) => /^(Amends|Supersedes) \d{4}/.test(line))]
  const relations = clauses(relationLines.join('; '), ['amends', 'supersedes'])
  return { number, file, title, status, amends: relations.get('amends') ?? [], supersedes: relations.get('supersedes') ?? [] }
}

/** What is wrong with the records' headers, one sentence each. */
export function problems(records: readonly DecisionRecord[]): string[] {
  const byNumber = new Map(records.map((record) => [record.number, record]))
  const found: string[] = []
  for (const record of records) {
    if (record.title === '') found.push(`${record.file}: no "# N. Title" line at its top`)
    if (record.status === undefined) {
      found.push(`${record.file}: no "Status: accepted | amended by NNNN | superseded by NNNN" line below its title`)
      continue
    }
    const pairs: [string[], string, string, 'amendedBy' | 'supersededBy'][] = [
      [record.amends, 'Amends', 'amended by', 'amendedBy'],
      [record.supersedes, 'Supersedes', 'superseded by', 'supersededBy'],
    ]
    for (const [targets, verb, passive, field] of pairs) {
      for (const target of targets) {
        const older = byNumber.get(target)
        if (older === undefined) found.push(`${record.file}: "${verb} ${target}" names no record`)
        else if (older.status !== undefined && !older.status[field].includes(record.number))
          found.push(`${older.file}: ${record.file} ${verb.toLowerCase()} it, so its status must say "${passive} ${record.number}"`)
      }
    }
    const backPairs: [string[], string, 'amends' | 'supersedes'][] = [
      [record.status.amendedBy, 'Amends', 'amends'],
      [record.status.supersededBy, 'Supersedes', 'supersedes'],
    ]
    for (const [newer, verb, field] of backPairs) {
      for (const number of newer) {
        const later = byNumber.get(number)
        if (later === undefined) found.push(`${record.file}: its status names ${number}, which is no record`)
        else if (!later[field].includes(record.number))
          found.push(`${later.file}: ${record.file} says it was changed by it, so its header needs the line "${verb} ${record.number}" below its status`)
      }
    }
  }
  return found
}

function link(number: string, byNumber: ReadonlyMap<string, DecisionRecord>): string {
  const record = byNumber.get(number)
  return record === undefined ? number : `[${number}](${record.file})`
}

function statusText(record: DecisionRecord, byNumber: ReadonlyMap<string, DecisionRecord>): string {
  const status = record.status
  if (status === undefined) return 'no status'
  const parts = [
    ...(status.supersededBy.length > 0 ? [`superseded by ${status.supersededBy.map((n) => link(n, byNumber)).join(', ')}`] : []),
    ...(status.amendedBy.length > 0 ? [`amended by ${status.amendedBy.map((n) => link(n, byNumber)).join(', ')}`] : []),
  ]
  return parts.length === 0 ? 'accepted' : parts.join('; ')
}

export const REGENERATE = 'npm run docs:generate'

export function renderIndex(records: readonly DecisionRecord[]): string {
  const byNumber = new Map(records.map((record) => [record.number, record]))
  const rows = [...records]
    .sort((a, b) => a.number.localeCompare(b.number))
    .map((record) => `| ${link(record.number, byNumber)} | ${record.title.replaceAll('|', '\\|')} | ${statusText(record, byNumber)} |`)
  return [
    '# Decision records',
    '',
    `Generated from each record's header by \`${REGENERATE}\`; do not edit by hand.`,
    'How records are written and what their status means:',
    '[0001](0001-record-decisions.md).',
    '',
    '| Record | Decision | Status |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n')
}
