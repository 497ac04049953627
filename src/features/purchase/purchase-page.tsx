import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { isSignedIn, useSession } from '@/session/session'

// Layout of the plans screen (spec §2); tiers and checkout come with the purchase issue.
// Buying needs sign-in (spec §6 purchase.please_signin).
export function PurchasePage() {
  const { t } = useLingui()
  const session = useSession()
  return (
    <main className="page container">
      <h1>{t`Plans and credits`}</h1>
      {!isSignedIn(session) && (
        <div className="card">
          <p>{t`Please sign in to buy credits.`}</p>
          <Link to="/auth" className="btn btn--primary">
            {t`Sign in`}
          </Link>
        </div>
      )}
    </main>
  )
}
