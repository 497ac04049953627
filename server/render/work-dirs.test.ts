import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeWorkDir, removeDeadRunWorkDirs } from './work-dirs.ts'

// A starting worker removes the temp folders dead runs left (docs/decisions/0214),
// and never a live process's, nor anything that is not ours.

let root: string
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'actorly-workdirs-test-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid ?? 0
}

describe('removeDeadRunWorkDirs', () => {
  it('removes the folders of processes that no longer run and of the old naming past an hour, and nothing else', async () => {
    const dead = await deadPid()
    const live = await makeWorkDir('render', root)
    const oldLegacy = path.join(root, 'actorly-job-AbC123')
    const freshLegacy = path.join(root, 'actorly-render-XyZ789')
    for (const dir of [`actorly-render-${dead}-a1B2c3`, `actorly-job-${dead}-d4E5f6`, `actorly-fal-${dead}-g7H8i9`]) await mkdir(path.join(root, dir))
    await mkdir(oldLegacy)
    await mkdir(freshLegacy)
    await mkdir(path.join(root, `actorly-gen-fixtures-${dead}-zzzzzz`))
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000)
    await utimes(oldLegacy, twoHoursAgo, twoHoursAgo)

    const removed = await removeDeadRunWorkDirs(root)
    expect(removed.toSorted()).toEqual(
      [`actorly-fal-${dead}-g7H8i9`, 'actorly-job-AbC123', `actorly-job-${dead}-d4E5f6`, `actorly-render-${dead}-a1B2c3`].toSorted(),
    )
    expect((await readdir(root)).toSorted()).toEqual([path.basename(live), 'actorly-render-XyZ789', `actorly-gen-fixtures-${dead}-zzzzzz`].toSorted())
    expect(path.basename(live)).toMatch(new RegExp(`^actorly-render-${process.pid}-`))
  })
})
