import Medusa from "@medusajs/js-sdk"
import { ADMIN } from "../config"

/** What the journey's steps share: the two SDK clients, the sandbox, and what earlier steps made. */
export interface JourneyContext {
  store: Medusa
  admin: Medusa
  sandboxUrl: string
  regionId: string
  /** Filled in by the steps as the journey goes. */
  cart?: { id: string }
  paymentLink?: { id: string; url: string }
  transactionId?: string
  order?: { id: string; display_id: number }
  paymentId?: string
}

/** Logs in to the admin and finds the storefront's publishable key and the Saudi region. */
export async function openJourney(storeUrl: string, sandboxUrl: string): Promise<JourneyContext> {
  const admin = new Medusa({ baseUrl: storeUrl, auth: { type: "jwt", jwtTokenStorageMethod: "memory" } })
  await admin.auth.login("user", "emailpass", { email: ADMIN.email, password: ADMIN.password })
  const { api_keys } = await admin.admin.apiKey.list({ type: "publishable", revoked_at: { $eq: null } } as never)
  if (!api_keys.length) {
    throw new Error("the store has no publishable API key: the seed did not run (try `npm run demo -- --reset`)")
  }
  const store = new Medusa({ baseUrl: storeUrl, publishableKey: api_keys[0].token })
  const { regions } = await store.store.region.list({ currency_code: "sar" } as never)
  if (!regions.length) {
    throw new Error("the store has no SAR region: the seed did not run (try `npm run demo -- --reset`)")
  }
  return { store, admin, sandboxUrl, regionId: regions[0].id }
}

/** Calls the sandbox's control API (what a customer or the bank does on the live service). */
export async function sandboxControl<T>(ctx: JourneyContext, route: string, body: unknown): Promise<T> {
  const res = await fetch(`${ctx.sandboxUrl}/__sandbox${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  if (!res.ok) {
    throw new Error(`sandbox ${route} answered ${res.status}: ${await res.text()}`)
  }
  return (await res.json()) as T
}

/** Polls `check` until it returns a value, or fails saying what it waited for. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) {
      return value
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
