import { describe, expect, it } from 'vitest'
import { parseRecord, problems, renderIndex } from './decision-records.ts'

const accepted = (number: string, extra = '') => parseRecord(`${number}-a-record.md`, `# ${Number(number)}. Record ${number}\n\nStatus: accepted\n${extra}\nBody.\n`)

describe('decision record headers', () => {
  it('reads the title, the status with its notes and the records it changes', () => {
    const record = parseRecord(
      '0064-limit.md',
      '# 64. Anonymous forms\n\nStatus: amended by 0066 (the IP, 1 of 2) and 0223 (the database)\n\nBody naming 0099.\n',
    )
    expect(record).toMatchObject({ number: '0064', title: 'Anonymous forms', status: { amendedBy: ['0066', '0223'], supersededBy: [] } })
    const newer = parseRecord('0221-media.md', '# 221. Media\n\nStatus: accepted\nSupersedes 0081; amends 0170\n')
    expect(newer).toMatchObject({ supersedes: ['0081'], amends: ['0170'] })
    const sameLine = parseRecord('0205-bench.md', '# 205. Bench\n\nStatus: accepted. Supersedes 0052; amends 0173.\n')
    expect(sameLine).toMatchObject({ status: { amendedBy: [], supersededBy: [] }, supersedes: ['0052'], amends: ['0173'] })
    expect(parseRecord('0052-b.md', '# 52. B\n\nStatus: superseded by 0205.\n').status).toEqual({ amendedBy: [], supersededBy: ['0205'] })
  })

  it('finds a record without a status, and one changed by a newer record without saying so', () => {
    const missing = parseRecord('0003-x.md', '# 3. No status\n\nBody.\n')
    expect(problems([missing])).toEqual([expect.stringContaining('0003-x.md: no "Status:')])
    const older = accepted('0064')
    const newer = accepted('0066', 'Amends 0064')
    expect(problems([older, newer])).toEqual([expect.stringContaining('must say "amended by 0066"')])
  })

  it('finds a status naming a newer record that does not say it amends this one', () => {
    const older = parseRecord('0030-x.md', '# 30. Old\n\nStatus: superseded by 0253\n')
    expect(problems([older, accepted('0253')])).toEqual([expect.stringContaining('needs the line "Supersedes 0030"')])
    expect(problems([older, accepted('0253', 'Supersedes 0030')])).toEqual([])
  })

  it('lists every record with its status linked to the records that changed it', () => {
    const older = parseRecord('0030-x.md', '# 30. Old | new\n\nStatus: superseded by 0253\n')
    const index = renderIndex([accepted('0253', 'Supersedes 0030'), older])
    expect(index).toContain('| [0030](0030-x.md) | Old \\| new | superseded by [0253](0253-a-record.md) |')
    expect(index.indexOf('0030-x.md')).toBeLessThan(index.indexOf('| [0253]'))
    expect(index).toContain('npm run docs:generate')
  })
})
