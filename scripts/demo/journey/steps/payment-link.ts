import { detail } from "../../report"
import type { JourneyStep } from "../step"

const PROVIDER_ID = "pp_installments_installments"

/** The storefront starts a payment session with the plugin, which creates a payment link at the service. */
export const paymentLinkStep: JourneyStep = {
  name: "Payment link created (pp_installments_installments)",
  hint: "the sandbox's output and the store's log: the provider could not create a link",
  async run(ctx) {
    const { cart } = await ctx.store.store.cart.retrieve(ctx.cart!.id)
    const { payment_collection } = await ctx.store.store.payment.initiatePaymentSession(cart, {
      provider_id: PROVIDER_ID,
      data: { cart_id: cart.id },
    })
    const session = payment_collection.payment_sessions?.find((candidate) => candidate.provider_id === PROVIDER_ID)
    const data = session?.data as { url?: string; payment_link_id?: string; expires_at?: string } | undefined
    if (!data?.url || !data.payment_link_id) {
      throw new Error(`the payment session has no link: ${JSON.stringify(session?.data)}`)
    }
    ctx.paymentLink = { id: data.payment_link_id, url: data.url }
    detail(`hosted page ${data.url} (payable until ${data.expires_at})`)
  },
}
