/** Leaves the app for the checkout page (a full navigation: Stripe's hosted page, or the server's local one). */
export function leaveForCheckout(url: string): void {
  window.location.assign(url)
}
