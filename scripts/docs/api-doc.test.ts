import { describe, expect, it } from 'vitest'
import { renderFalCalls, type OpenApiDocument } from './api-markdown.ts'
import { FAL_CALLS } from './fal-calls.ts'
import { falOpenApi } from './fal-openapi.ts'

const document: OpenApiDocument = JSON.parse(JSON.stringify(falOpenApi()))
const markdown = renderFalCalls(document)

describe('the /api/fal/v1 reference', () => {
  it('documents every call the routes serve, once', () => {
    const headings = [...markdown.matchAll(/^### (GET|POST) (\S+)$/gm)].map((match) => `${match[1]} ${match[2]}`)
    expect(headings).toEqual(FAL_CALLS.map((call) => `${call.method.toUpperCase()} ${call.path}`))
  })

  it("renders a request's fields from the contract, with what the client may leave out", () => {
    expect(markdown).toContain('| `prompt` | string | yes | 1–2000 characters |')
    expect(markdown).toMatch(/\| `duration` \| integer \| no \| ≥ 1, ≤ 10; /)
    expect(markdown).toContain('| `lipSyncModel` | "lipsync-1.8.0" \\| "lipsync-1.9.0-beta" | no | default "lipsync-1.8.0" |')
  })

  it('renders nested answers and every refusal with its status', () => {
    expect(markdown).toContain('| `generations[].parameters.seed` | number | yes |  |')
    expect(markdown).toContain('| 409 | `generation_in_progress` | another generation of the user is queued or running |')
    expect(document.paths?.['/api/fal/v1/generate']?.post?.responses?.['402']).toBeDefined()
  })
})
