import type { JourneyContext } from "../../scripts/demo/journey/context"
import { sandboxControl } from "../../scripts/demo/journey/context"

// Checkouts of every outcome in the demo store, through its Store API and the sandbox's hosted-page
// controls, as shoppers would make them; and two orders paid with Medusa's system provider.

const INSTALLMENTS = "pp_installments_installments"
const SYSTEM = "pp_system_default"
const CARDS = {
  rajhiCredit: "4092010000000018",
  rajhiDecline: "4092010000000026",
  rajhiBankReject: "4092010000000034",
  mada: "5888450000000011",
}

/** What the seed adds to the Insights of any window that holds today. */
export const INSIGHTS_SEED = {
  outcomes: { paid: 2, bank_declined: 1, card_declined: 1, abandoned: 1, open: 1, not_placed: 0 },
  started: 6,
  ways: {
    installments: { orders: 1, total: "1200.00" },
    pay_in_full: { orders: 1, total: "250.00" },
    [SYSTEM]: { orders: 2, total: "700.00" },
  } as Record<string, { orders: number; total: string }>,
}

type Attempt = { card_number: string; payment_option: "Installment" | "Pay In Full"; bank_code?: string; months?: number }

async function cartOf(ctx: JourneyContext, handle: string): Promise<string> {
  const { products } = await ctx.store.store.product.list({ handle, region_id: ctx.regionId })
  const variant = products[0]?.variants?.[0]
  if (!variant) throw new Error(`product "${handle}" is not in the store`)
  const { cart } = await ctx.store.store.cart.create({
    region_id: ctx.regionId,
    email: "insights@example.sa",
    items: [{ variant_id: variant.id, quantity: 1 }],
    shipping_address: {
      first_name: "Sara",
      last_name: "Al-Harbi",
      address_1: "Tahlia Street 3",
      city: "Jeddah",
      country_code: "sa",
      postal_code: "23433",
      phone: "+966500000002",
    },
  })
  const { shipping_options } = await ctx.store.store.fulfillment.listCartOptions({ cart_id: cart.id })
  await ctx.store.store.cart.addShippingMethod(cart.id, { option_id: shipping_options[0].id })
  return cart.id
}

async function sessionOf(ctx: JourneyContext, cartId: string, providerId: string): Promise<string | undefined> {
  const { cart } = await ctx.store.store.cart.retrieve(cartId)
  const { payment_collection } = await ctx.store.store.payment.initiatePaymentSession(cart, {
    provider_id: providerId,
    data: { cart_id: cartId },
  })
  const session = payment_collection.payment_sessions?.find((candidate) => candidate.provider_id === providerId)
  return (session?.data as { payment_link_id?: string } | undefined)?.payment_link_id
}

/** Completes the cart as the shopper's return does; true when an order was placed, false when refused. */
async function complete(ctx: JourneyContext, cartId: string): Promise<boolean> {
  try {
    return (await ctx.store.store.cart.complete(cartId)).type === "order"
  } catch (error) {
    if (/not authorized/i.test((error as Error).message)) return false
    throw error
  }
}

/** One installments checkout of `handle`: each attempt on the hosted page, an expiry if asked, then the shopper's return. */
async function installmentsCheckout(ctx: JourneyContext, handle: string, attempts: Attempt[], options: { expire?: boolean } = {}) {
  const cartId = await cartOf(ctx, handle)
  const linkId = await sessionOf(ctx, cartId, INSTALLMENTS)
  for (const attempt of attempts) {
    await sandboxControl(ctx, `/payment-links/${linkId}/pay`, attempt)
  }
  if (options.expire) {
    await sandboxControl(ctx, `/payment-links/${linkId}/expire`, {})
  }
  return complete(ctx, cartId)
}

/** Seeds INSIGHTS_SEED in the demo store: every outcome of a checkout, and the store's other way of paying. */
export async function seedInsightsCheckouts(ctx: JourneyContext): Promise<void> {
  const { region } = await ctx.admin.admin.region.retrieve(ctx.regionId, { fields: "id,*payment_providers" })
  const ids = (region.payment_providers ?? []).map((provider) => provider.id)
  if (!ids.includes(SYSTEM)) {
    await ctx.admin.admin.region.update(ctx.regionId, { payment_providers: [...ids, SYSTEM] })
  }
  const placed = [
    await installmentsCheckout(ctx, "prayer-rug", [
      { card_number: CARDS.rajhiCredit, payment_option: "Installment", bank_code: "rajhi", months: 12 },
    ]),
    await installmentsCheckout(ctx, "dallah", [{ card_number: CARDS.mada, payment_option: "Pay In Full" }]),
    await installmentsCheckout(ctx, "prayer-rug", [{ card_number: CARDS.rajhiBankReject, payment_option: "Installment", months: 3 }]),
    await installmentsCheckout(ctx, "oud-perfume", [{ card_number: CARDS.rajhiDecline, payment_option: "Installment", months: 6 }]),
    await installmentsCheckout(ctx, "dallah", [], { expire: true }),
    // The shopper comes back before paying: the link is read, still open.
    await installmentsCheckout(ctx, "oud-perfume", []),
  ]
  if (placed.join() !== [true, true, false, false, false, false].join()) {
    throw new Error(`the seed's checkouts did not end as planned: ${placed.join(", ")}`)
  }
  for (const handle of ["dallah", "oud-perfume"]) {
    const cartId = await cartOf(ctx, handle)
    await sessionOf(ctx, cartId, SYSTEM)
    if (!(await complete(ctx, cartId))) throw new Error("an order with the system provider was refused")
  }
}
