// Filling the built index.html with a rendered screen: its language, title and
// description, the screen's HTML in #root, and the tags in its head.
import type { Locale } from '../../../contract/locale.ts'

export type PageHead = { title: string; description: string; noScript: string; noScriptLink: string }

export const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

export const stylesheetTag = (href: string) => `<link rel="stylesheet" crossorigin href="${href}">`
export const modulePreloadTag = (href: string, { lowPriority = false } = {}) =>
  `<link rel="modulepreload" crossorigin${lowPriority ? ' fetchpriority="low"' : ''} href="${href}">`
export const metaTag = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`
export const classicScriptTag = (src: string) => `<script src="${src}"></script>`
export const moduleScriptTag = (src: string, { blocksRender = false } = {}) =>
  `<script type="module" crossorigin${blocksRender ? ' blocking="render"' : ''} src="${src}"></script>`
export const inlineStyleTag = (css: string) => `<style>${css}</style>`

/** The built shell without the app entry's tags (index.html has no scripts or stylesheets of its own). */
export function withoutAppEntry(shellHtml: string): string {
  return shellHtml.replaceAll(/\s*<script type="module"[^>]*><\/script>/g, '').replaceAll(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, '')
}

/**
 * The page: `template` (the built index.html) in the page's language, with `headTags`
 * before </head> and the screen's HTML in #root. An app screen also tells a browser
 * without JavaScript what it needs.
 */
export function fillPage(
  template: string,
  page: { locale: Locale; head: PageHead; html: string; kind: 'landing' | 'app' },
  headTags: readonly string[],
): string {
  const noScript = `<noscript><p class="container">${escapeHtml(page.head.noScript)} <a href="/">${escapeHtml(page.head.noScriptLink)}</a></p></noscript>`
  const root = `<div id="root" data-locale="${page.locale}">${page.html}</div>`
  const filled = template
    .replace('</head>', `  ${headTags.join('\n    ')}\n  </head>`)
    .replace(/<html lang="[^"]*"/, `<html lang="${page.locale}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(page.head.description)}"`)
    .replace('<div id="root"></div>', page.kind === 'app' ? `${noScript}\n    ${root}` : root)
  if (!filled.includes(`<html lang="${page.locale}"`) || !filled.includes(`data-locale="${page.locale}"`)) {
    throw new Error('prerender: index.html lacks <html lang>, or an empty <div id="root"></div>')
  }
  return filled
}
