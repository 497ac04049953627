import { describe, expect, it } from 'vitest'
import { emailProblem, isSignUpValid, liveNameProblem, nameProblem, passwordProblems, signInProblems, signUpProblems } from './auth-validation'

describe('emailProblem (spec §5: non-space text, an at sign, a domain and a dot)', () => {
  it.each(['ada@example.com', ' ada@example.com ', 'a.b+c@mail.example.de'])('accepts %j', (email) => {
    expect(emailProblem(email)).toBeNull()
  })
  it.each(['', 'ada', 'ada@example', '@example.com', 'ada @example.com', 'ada@exa mple.com'])('refuses %j', (email) => {
    expect(emailProblem(email)).toBe('invalid_email')
  })
})

describe('nameProblem (spec §5: required, letters and spaces only)', () => {
  it.each(['Ada', 'Ada Lovelace', 'Jürgen Groß', 'Zoë', 'Ólafur Arnalds'])('accepts %j', (name) => {
    expect(nameProblem(name)).toBeNull()
  })
  it.each(['', '   '])('requires a name (%j)', (name) => {
    expect(nameProblem(name)).toBe('name_requred')
  })
  it.each(['Ada2', 'R2-D2', 'Ada!', 'Ada_Lovelace', "O'Brien"])('refuses numbers and special characters in %j', (name) => {
    expect(nameProblem(name)).toBe('name_not_num')
  })
  it('checks live only what is typed: an empty field is not an error yet', () => {
    expect(liveNameProblem('')).toBeNull()
    expect(liveNameProblem('Ada1')).toBe('name_not_num')
  })
})

describe('passwordProblems (spec §5: five separate sign-up rules)', () => {
  it('accepts a password that meets all five', () => {
    expect(passwordProblems('Passw0rd!')).toEqual([])
  })
  it('reports each broken rule by its own code, in order', () => {
    expect(passwordProblems('')).toEqual(['password_error1', 'password_error2', 'password_error3', 'password_error4', 'password_error5'])
    expect(passwordProblems('Pa0!')).toEqual(['password_error1'])
    expect(passwordProblems('passw0rd!')).toEqual(['password_error2'])
    expect(passwordProblems('PASSW0RD!')).toEqual(['password_error3'])
    expect(passwordProblems('Password!')).toEqual(['password_error4'])
    expect(passwordProblems('Passw0rdx')).toEqual(['password_error5'])
  })
  it.each(['@', '$', '!', '%', '*', '?', '&'])('counts %s as the special character', (special) => {
    expect(passwordProblems(`Passw0rd${special}`)).toEqual([])
  })
  it('does not count other symbols as the special character', () => {
    expect(passwordProblems('Passw0rd#')).toEqual(['password_error5'])
  })
})

describe('signUpProblems / signInProblems', () => {
  it('a valid sign-up has no problems', () => {
    const problems = signUpProblems({ name: 'Ada', email: 'ada@example.com', password: 'Passw0rd!' })
    expect(isSignUpValid(problems)).toBe(true)
  })
  it('collects every field at once', () => {
    const problems = signUpProblems({ name: '', email: 'x', password: 'short' })
    expect(problems.name).toBe('name_requred')
    expect(problems.email).toBe('invalid_email')
    expect(problems.password).toHaveLength(4)
    expect(isSignUpValid(problems)).toBe(false)
  })
  it('sign-in checks no strength, only that a password is there (spec §5)', () => {
    expect(signInProblems({ email: 'ada@example.com', password: 'a' })).toEqual({ email: null, password: null })
    expect(signInProblems({ email: 'ada@example.com', password: '' }).password).toBe('password_required')
  })
})
