// Writes docs/decisions/README.md from the records' headers, or with --check
// fails when it is stale or a record's header breaks the rules of
// docs/decisions/0001-record-decisions.md.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isRecordFile, parseRecord, problems, REGENERATE, renderIndex } from './decision-records.ts'
import { writeOrCheck } from './generated-file.ts'

const folder = join(import.meta.dirname, '../../docs/decisions')
const records = readdirSync(folder)
  .filter(isRecordFile)
  .map((file) => parseRecord(file, readFileSync(join(folder, file), 'utf8')))

const found = problems(records)
for (const problem of found) process.stderr.write(`docs/decisions/${problem}\n`)
if (found.length > 0) process.stderr.write('Fix the record headers (docs/decisions/0001-record-decisions.md), then run `npm run docs:generate`.\n')
const fresh = writeOrCheck(join(folder, 'README.md'), renderIndex(records), REGENERATE)
if (found.length > 0 || !fresh) process.exit(1)
