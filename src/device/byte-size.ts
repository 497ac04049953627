// Byte counts as people read them: decimal units (as phones and the bench print
// them), one decimal place from megabytes up, in the reader's locale.

const UNITS = [
  { unit: 'gigabyte', bytes: 1e9 },
  { unit: 'megabyte', bytes: 1e6 },
  { unit: 'kilobyte', bytes: 1e3 },
] as const

export function formatBytes(bytes: number, locale: string): string {
  const step = UNITS.find(({ bytes: size }) => bytes >= size)
  if (step === undefined) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'short' }).format(bytes)
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: step.unit,
    unitDisplay: 'short',
    maximumFractionDigits: step.unit === 'kilobyte' ? 0 : 1,
  }).format(bytes / step.bytes)
}
