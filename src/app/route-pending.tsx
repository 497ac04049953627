import { Spinner } from '@/ui/spinner'

/** Router-wide pending screen while a route's code or data loads. */
export function RoutePending() {
  return (
    <div className="page container route-state">
      <Spinner />
    </div>
  )
}
