import type Medusa from "@medusajs/js-sdk"

/** The provider registrations of examples/store/medusa-config.ts. */
export const REGISTRATIONS = ["installments", "bnpl", "card"]

/** Registers each provider's webhook endpoint with the service unless the plugin already holds its key. */
export async function registerWebhooks(admin: Medusa, storeUrl: string, registrations = REGISTRATIONS): Promise<void> {
  const webhooks: { url: string }[] = []
  // The list is paged (at most 100 a request): every page is read, so no held key is missed.
  for (let count = Infinity; webhooks.length < count;) {
    const page = await admin.client.fetch<{ webhooks: { url: string }[]; count: number }>("/admin/installments/webhooks", {
      query: { limit: 100, offset: webhooks.length },
    })
    webhooks.push(...page.webhooks)
    count = page.webhooks.length ? page.count : webhooks.length
  }
  for (const id of registrations) {
    const url = `${storeUrl}/hooks/payment/installments_${id}`
    if (!webhooks.some((webhook) => webhook.url === url)) {
      await admin.client.fetch("/admin/installments/webhooks", { method: "POST", body: { provider_id: id, url } })
    }
  }
}
