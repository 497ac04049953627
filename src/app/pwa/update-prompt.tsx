// Placeholder: the service-worker registration and update prompt (PWA work) goes here.
export function UpdatePrompt() {
  return null
}
