// Fails when a comment or doc cites something a clone of this repository cannot
// open: a tracker's issue number, a folder outside the repository, or a design
// note by a bare name that does not exist where it points (decision 0308).
// Cite the product's behaviour as spec §N (docs/product.md), decision records,
// docs/quality.md, docs/architecture.md and files in the repository instead.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

const ROOTS = ['src', 'server', 'sw', 'scripts', 'tests', 'contract', 'docs', 'README.md']
const TEXT = /\.(ts|tsx|js|mjs|css|md|html|json|po)$/
const SKIP = new Set(['node_modules', 'dist', 'coverage', 'data'])

export type Finding = { file: string; line: number; text: string; why: string }

/** Every reference in `text` (of `file`, relative to `root`) that points outside the repository. */
export function findOutsideReferences(file: string, text: string, root: string): Finding[] {
  const findings: Finding[] = []
  text.split('\n').forEach((lineText, index) => {
    const report = (why: string): void => {
      findings.push({ file, line: index + 1, text: lineText.trim(), why })
    }
    if (/\bissue #?\d+/i.test(lineText)) report('cites an issue number: say what it asks, or cite spec §N or a decision record')
    if (/\.\.\/shared\b|\/work\/shared\b/.test(lineText)) report('cites a folder outside the repository')
    for (const match of lineText.matchAll(/[\w./-]*\b(quality|architecture|style)\.md\b/g)) {
      const cited = match[0]
      // Resolved from the root or from the citing file, and still inside the repository.
      const inside = [path.join(root, cited), path.join(root, path.dirname(file), cited)].some((at) => at.startsWith(root + path.sep) && existsSync(at))
      if (!inside) report(`cites ${cited}, which is not in the repository (docs/${match[1]}.md?)`)
    }
  })
  return findings
}

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry)
  if (!existsSync(full)) return []
  if (statSync(full).isFile()) return TEXT.test(entry) ? [entry] : []
  return readdirSync(full).flatMap((name) => (SKIP.has(name) ? [] : filesUnder(root, path.join(entry, name))))
}

if (import.meta.main) {
  const root = process.cwd()
  const findings = ROOTS.flatMap((entry) => filesUnder(root, entry)).flatMap((file) =>
    findOutsideReferences(file, readFileSync(path.join(root, file), 'utf8'), root),
  )
  for (const finding of findings) console.error(`${finding.file}:${finding.line}: ${finding.why}\n    ${finding.text}`)
  if (findings.length > 0) {
    console.error(`\n${findings.length} reference(s) point outside the repository.`)
    process.exit(1)
  }
}
