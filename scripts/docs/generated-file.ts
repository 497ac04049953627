// A generated doc is either written (`npm run docs:generate`) or compared with
// what is committed (`--check`, run by `npm run test:static`), so a change to
// its sources that forgets to regenerate it fails the static checks.
import { readFileSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'

export function writeOrCheck(path: string, content: string, regenerate: string): boolean {
  const check = process.argv.includes('--check')
  if (!check) {
    writeFileSync(path, content)
    return true
  }
  let committed = ''
  try {
    committed = readFileSync(path, 'utf8')
  } catch {
    // Missing counts as stale.
  }
  if (committed === content) return true
  process.stderr.write(`${relative(process.cwd(), path)} is stale: regenerate it with \`${regenerate}\` and commit the result.\n`)
  return false
}
