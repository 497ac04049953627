// spec §5 Validation rules for the auth card. Pure: the forms turn the problem
// codes into translated text (auth-messages.ts).

/** spec §5 Email: "non-space text, an at sign, a domain and a dot" (key invalid_email). */
const EMAIL_PATTERN = /^\S+@\S+\.\S+$/
/** spec §5 Sign-up name: "letters and spaces only" (any alphabet: Zoë, Jürgen, Ólafur). */
const NAME_PATTERN = /^[\p{L}\s]+$/u

/** spec §5: the five sign-up password rules, in the order of password_error1 to 5. */
export const PASSWORD_RULES = [
  { code: 'password_error1', test: (value: string) => value.length >= 8 },
  { code: 'password_error2', test: (value: string) => /\p{Lu}/u.test(value) },
  { code: 'password_error3', test: (value: string) => /\p{Ll}/u.test(value) },
  { code: 'password_error4', test: (value: string) => /\d/.test(value) },
  { code: 'password_error5', test: (value: string) => /[@$!%*?&]/.test(value) },
] as const

export type PasswordProblem = (typeof PASSWORD_RULES)[number]['code']
export type EmailProblem = 'invalid_email'
export type NameProblem = 'name_requred' | 'name_not_num'
/** Sign-in does not check strength (spec §5), but an empty password is not sent. */
export type SignInPasswordProblem = 'password_required'

export function emailProblem(value: string): EmailProblem | null {
  return EMAIL_PATTERN.test(value.trim()) ? null : 'invalid_email'
}

export function nameProblem(value: string): NameProblem | null {
  if (value.trim() === '') return 'name_requred'
  return NAME_PATTERN.test(value.trim()) ? null : 'name_not_num'
}

/**
 * The check made while the user types the name (spec §5 "also checked live"):
 * only characters that can never be valid, not the still-empty field.
 */
export function liveNameProblem(value: string): NameProblem | null {
  return value.trim() === '' ? null : nameProblem(value)
}

/** Every sign-up password rule the value breaks (spec §5: five separate messages). */
export function passwordProblems(value: string): PasswordProblem[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(value)).map((rule) => rule.code)
}

export interface SignUpValues {
  name: string
  email: string
  password: string
}

export interface SignUpProblems {
  name: NameProblem | null
  email: EmailProblem | null
  password: PasswordProblem[]
}

export function signUpProblems(values: SignUpValues): SignUpProblems {
  return { name: nameProblem(values.name), email: emailProblem(values.email), password: passwordProblems(values.password) }
}

export function isSignUpValid(problems: SignUpProblems): boolean {
  return problems.name === null && problems.email === null && problems.password.length === 0
}

export interface SignInProblems {
  email: EmailProblem | null
  password: SignInPasswordProblem | null
}

export function signInProblems(values: { email: string; password: string }): SignInProblems {
  return { email: emailProblem(values.email), password: values.password === '' ? 'password_required' : null }
}
