import './progress-bar.css'

interface ProgressBarProps {
  /** 0–100. */
  value: number
  /** The bar's accessible name, e.g. 'Video generation progress'. */
  label: string
  className?: string
}

/**
 * The one progress bar of the app (a generation, an upload, the demo's run): a
 * native progressbar, whose value is the accessible aria-valuenow, drawn the same
 * on every engine (the browsers' own bar looks full at 0 % in some of them).
 */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  return <progress className={['progress-bar', className].filter(Boolean).join(' ')} aria-label={label} max={100} value={value} />
}
