import { createFileRoute, redirect } from '@tanstack/react-router'

// spec §2: any path not in the table redirects to / and replaces the history entry,
// so Back never returns to the unknown path.
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true })
  },
})
