/** The URL the service must deliver a registration's webhooks to: the backend's origin + its path. */
export function webhookUrl(backendUrl: string, origin: string, webhookPath: string): string {
  const base = /^https?:\/\//i.test(backendUrl) ? backendUrl : origin
  return new URL(webhookPath, base.endsWith("/") ? base : `${base}/`).toString()
}
