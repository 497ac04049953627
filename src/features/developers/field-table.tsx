import { Trans, useLingui } from '@lingui/react/macro'
import type { FieldRow } from './openapi-model'

/** The document's notes, with its `code` spans shown as code. */
function Notes({ text }: { text: string }) {
  return text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))
}

/** A table of fields from the document; their notes are the document's, in English. */
export function FieldTable({ caption, rows }: { caption: string; rows: readonly FieldRow[] }) {
  const { t } = useLingui()
  if (rows.length === 0) return null
  return (
    <div className="developers-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Name</Trans>
            </th>
            <th scope="col">
              <Trans>Type</Trans>
            </th>
            <th scope="col">
              <Trans>Required</Trans>
            </th>
            <th scope="col">
              <Trans>Notes</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <td>
                <code>{row.name}</code>
              </td>
              <td>
                <code>{row.type}</code>
              </td>
              <td>{row.required ? t`yes` : t`no`}</td>
              <td lang="en">
                <Notes text={row.notes} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
