import path from 'node:path'
import { startAuthEmulator, type AuthEmulator } from '../../server/emulators/emulator-process.ts'
import { ensureDemoAccount, type DemoAccount } from '../demo-account.ts'
import { emailedLinkFrom } from '../emailed-links.ts'
import { builtWith } from './app-build.ts'

// Sign-in for a local stack a person uses (`npm start`, `npm run
// start:cluster`): the Firebase Auth Emulator, whose emails are printed as
// links to the app (there is no mail server), and spec §6's demo account made
// in it (decision 0255).

export const LOCAL_PROJECT_ID = 'demo-actorly'

type Say = (line: string) => void

/** The Auth Emulator; each email it would send is printed as a link to `appOrigin`'s /auth page. */
export function startLocalAuth(options: { port: number; workDir: string; configPath?: string; appOrigin: string; say: Say }): Promise<AuthEmulator> {
  return startAuthEmulator({
    projectId: LOCAL_PROJECT_ID,
    port: options.port,
    workDir: options.workDir,
    ...(options.configPath === undefined ? {} : { configPath: options.configPath }),
    onOutput: (text) => {
      for (const line of text.split('\n')) {
        const link = emailedLinkFrom(line, options.appOrigin)
        if (link) options.say(`\n  actorly: ${link.purpose === 'verify' ? 'verification' : 'password reset'} email to ${link.email}:\n  ${link.appUrl}\n`)
      }
    },
  })
}

/** Makes the demo account (the emulator forgot it when it last stopped) and says how to sign in with it. */
export async function announceDemoAccount(options: { emulatorHost: string; demo: DemoAccount; distDir: string; rebuildHint: string; say: Say }): Promise<void> {
  const { demo, say } = options
  try {
    await ensureDemoAccount(options.emulatorHost, LOCAL_PROJECT_ID, demo)
  } catch (error) {
    say(`  actorly: the demo account could not be made (${error instanceof Error ? error.message : String(error)})\n`)
    return
  }
  say(`  Demo account (free generations, faster progress; spec §6): sign in as\n    ${demo.email}\n    password: ${demo.password}\n`)
  if (!builtWith(options.distDir, demo.email)) {
    const folder = path.relative(process.cwd(), options.distDir) || '.'
    say(`  Note: the app in ${folder}/ was built without this demo account, so it will not use the demo path.\n  ${options.rebuildHint}\n`)
  }
}
