// Line icons of the app frame and the account screen (decorative: every use sits
// next to a text label or inside a control that has a name).
import type { ReactNode } from 'react'

function Svg({ size = 18, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

/** A cloud struck through: no connection. */
export const OfflineIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M7 18h9.5a4 4 0 0 0 1.6-7.7A6 6 0 0 0 8.3 7.2M5.3 9.6A4.5 4.5 0 0 0 7 18" />
    <path d="M3 3l18 18" />
  </Svg>
)

export const PersonIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Svg>
)

export const GlobeIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
  </Svg>
)

export const SignOutIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 8l-4 4 4 4M6 12h10" />
  </Svg>
)

export const InstallIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M12 3v12m0 0 4-4m-4 4-4-4M5 21h14" />
  </Svg>
)
