import type { AxiosInstance } from "axios"

export const PROVIDERS = {
  both: "pp_installments_installments",
  installments: "pp_installments_bnpl",
  card: "pp_installments_card",
} as const

export interface Seed {
  regionId: string
  salesChannelId: string
  publishableKey: string
  /** A variant priced 50.00 SAR with no shipping needed; the quantity sets the cart total. */
  variantId: string
}

/**
 * A SAR region with the provider registrations (all three of medusa-config.ts unless the store
 * registers fewer), a sales channel, a key and one product.
 */
export async function seedStore(
  api: AxiosInstance,
  admin: { headers: Record<string, string> },
  providers: string[] = Object.values(PROVIDERS)
): Promise<Seed> {
  const { data: sc } = await api.post("/admin/sales-channels", { name: "Web" }, admin)
  const salesChannelId = sc.sales_channel.id
  const { data: key } = await api.post("/admin/api-keys", { title: "Storefront", type: "publishable" }, admin)
  await api.post(`/admin/api-keys/${key.api_key.id}/sales-channels`, { add: [salesChannelId] }, admin)
  const { data: region } = await api.post(
    "/admin/regions",
    {
      name: "Saudi Arabia",
      currency_code: "sar",
      countries: ["sa"],
      payment_providers: providers,
    },
    admin
  )
  const { data: product } = await api.post(
    "/admin/products",
    {
      title: "Oud perfume",
      status: "published",
      options: [{ title: "Size", values: ["50ml"] }],
      variants: [
        {
          title: "50ml",
          options: { Size: "50ml" },
          manage_inventory: false,
          prices: [{ currency_code: "sar", amount: 50 }],
        },
      ],
      sales_channels: [{ id: salesChannelId }],
    },
    admin
  )
  return {
    regionId: region.region.id,
    salesChannelId,
    publishableKey: key.api_key.token,
    variantId: product.product.variants[0].id,
  }
}

/** Storefront calls: the publishable key on every request, as a storefront sends it. */
export function storefront(api: AxiosInstance, seed: Seed) {
  const headers = { headers: { "x-publishable-api-key": seed.publishableKey } }
  return {
    /** A guest cart whose total is 50.00 SAR x quantity (or of another variant, with an address). */
    async createCart(
      quantity: number,
      extra: { variantId?: string; shipping_address?: Record<string, unknown>; email?: string } = {}
    ) {
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: seed.regionId,
          sales_channel_id: seed.salesChannelId,
          email: extra.email ?? "guest@example.com",
          items: [{ variant_id: extra.variantId ?? seed.variantId, quantity }],
          ...(extra.shipping_address ? { shipping_address: extra.shipping_address } : {}),
        },
        headers
      )
      return data.cart
    },
    async setQuantity(cart: { id: string; items: { id: string }[] }, quantity: number) {
      const { data } = await api.post(`/store/carts/${cart.id}/line-items/${cart.items[0].id}`, { quantity }, headers)
      return data.cart
    },
    /** Starts a payment session and returns its public data (the link to redirect to). */
    async startPayment(cartId: string, providerId: string = PROVIDERS.both) {
      const { data: pc } = await api.post("/store/payment-collections", { cart_id: cartId }, headers)
      const { data } = await api.post(
        `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
        { provider_id: providerId, data: { cart_id: cartId } },
        headers
      )
      const session = data.payment_collection.payment_sessions.find((s: { provider_id: string }) => s.provider_id === providerId)
      return { paymentCollectionId: pc.payment_collection.id as string, session }
    },
    async complete(cartId: string) {
      return api.post(`/store/carts/${cartId}/complete`, {}, { ...headers, validateStatus: () => true })
    },
    async getCart(cartId: string) {
      const { data } = await api.get(`/store/carts/${cartId}`, headers)
      return data.cart
    },
  }
}
