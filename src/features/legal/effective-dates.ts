// The day each legal text's current wording took effect (spec §2 "last
// updated"; decision 0256). Change a date whenever that text changes, in either
// language: effective-dates.test.ts fails until you do.

/** YYYY-MM-DD: the terms of service (terms-page.tsx, terms-sections*.tsx). */
export const TERMS_EFFECTIVE_DATE = '2026-11-27'

/** YYYY-MM-DD: the privacy policy (privacy-page.tsx, privacy-section*.tsx). */
export const PRIVACY_EFFECTIVE_DATE = '2026-11-27'
