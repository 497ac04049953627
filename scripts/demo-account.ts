// spec §6's demo account for `npm start`: one known account in the local Auth
// Emulator, made at every start (the emulator forgets its accounts when it
// stops), so a newcomer can sign in and see the demo account's free, faster
// path (decision 0071, decision 0255). Local only: the emulator's REST API with
// its admin credential (`Bearer owner`), never a real identity service.

export interface DemoAccount {
  email: string
  password: string
  displayName: string
}

/** The defaults `npm start` uses; DEMO_ACCOUNT_EMAIL and DEMO_ACCOUNT_PASSWORD change them. */
export const LOCAL_DEMO_ACCOUNT: DemoAccount = {
  email: 'demo@actorly.local',
  password: 'Demo-Passw0rd!',
  displayName: 'Demo Account',
}

export function demoAccountFrom(env: Record<string, string | undefined>): DemoAccount {
  return {
    email: (env.DEMO_ACCOUNT_EMAIL?.trim() || LOCAL_DEMO_ACCOUNT.email).toLowerCase(),
    password: env.DEMO_ACCOUNT_PASSWORD || LOCAL_DEMO_ACCOUNT.password,
    displayName: LOCAL_DEMO_ACCOUNT.displayName,
  }
}

async function call<T>(host: string, pathAndQuery: string, body: unknown, admin: boolean): Promise<T> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${pathAndQuery}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`auth emulator ${pathAndQuery.split('?')[0]}: ${response.status} ${text}`)
  return JSON.parse(text)
}

/**
 * Makes the demo account in the emulator at `host` (verified, with its display
 * name), or, if the emulator already has it, sets its password and
 * verification again. Answers its uid.
 */
export async function ensureDemoAccount(host: string, projectId: string, account: DemoAccount): Promise<string> {
  const lookup = await call<{ users?: { localId: string }[] }>(host, `projects/${projectId}/accounts:lookup`, { email: [account.email] }, true)
  const existing = lookup.users?.[0]?.localId
  const uid =
    existing ??
    (
      await call<{ localId: string }>(
        host,
        'accounts:signUp?key=local-demo',
        { email: account.email, password: account.password, returnSecureToken: false },
        false,
      )
    ).localId
  await call(
    host,
    `projects/${projectId}/accounts:update`,
    { localId: uid, password: account.password, displayName: account.displayName, emailVerified: true },
    true,
  )
  return uid
}
