// The part of a fal model's published input schema the product relies on,
// written down as data (docs/operations/generation.md): the field names, their
// types, enums and ranges, which are required. The model-family table
// (model-families.ts) holds one per endpoint; the fake fal server
// (fake-fal-validation.ts) refuses what it does not allow, as fal does.

/** One input field as fal's schema publishes it. */
export type FalField =
  | { type: 'string'; required?: true; note?: string }
  | { type: 'boolean'; note?: string }
  | { type: 'integer'; min?: number; max?: number; note?: string }
  | { type: 'number'; min?: number; max?: number; note?: string }
  | { type: 'enum'; values: readonly string[]; note?: string }
  /** A nested settings object (e.g. MiniMax Speech's `voice_setting`), with its own fields. */
  | { type: 'object'; fields: FalInputSchema; note?: string }

/** A model's published input fields, by name. Fields not listed are ignored by fal, not refused. */
export type FalInputSchema = Readonly<Record<string, FalField>>

/** Where a schema was read, so it can be checked again. */
export interface FalSource {
  /** fal's model page (its API tab and llms.txt carry the schema and the price). */
  url: string
  /** The day it was read (ISO date). */
  read: string
}

/** The values of an enum field, or none when the field is missing or not an enum. */
export function enumValues(schema: FalInputSchema, field: string): readonly string[] {
  const spec = schema[field]
  return spec?.type === 'enum' ? spec.values : []
}
