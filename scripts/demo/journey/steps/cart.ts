import { formatAmount, fromMedusaAmount, roundMedusaAmount } from "../../../../src/lib/money"
import { detail } from "../../report"
import type { JourneyStep } from "../step"

const PRODUCT_HANDLES = ["prayer-rug", "dallah"]

/** A guest shopper in Riyadh puts the 1,200 SAR rug and the 250 SAR dallah in a cart and picks free delivery. */
export const cartStep: JourneyStep = {
  name: "Shopper fills a cart (Store API)",
  hint: "the seeded products and shipping option (examples/store/src/scripts/seed-demo.ts)",
  async run(ctx) {
    const { products } = await ctx.store.store.product.list({ handle: PRODUCT_HANDLES, region_id: ctx.regionId })
    const items = PRODUCT_HANDLES.map((handle) => {
      const variant = products.find((product) => product.handle === handle)?.variants?.[0]
      if (!variant) {
        throw new Error(`product "${handle}" is not in the store`)
      }
      return { variant_id: variant.id, quantity: 1 }
    })
    const { cart } = await ctx.store.store.cart.create({
      region_id: ctx.regionId,
      email: "shopper@example.sa",
      items,
      shipping_address: {
        first_name: "Noura",
        last_name: "Al-Qahtani",
        address_1: "Olaya Street 12",
        city: "Riyadh",
        country_code: "sa",
        postal_code: "12211",
        phone: "+966500000001",
      },
    })
    const { shipping_options } = await ctx.store.store.fulfillment.listCartOptions({ cart_id: cart.id })
    if (!shipping_options.length) {
      throw new Error("no shipping option is offered for a Saudi address")
    }
    const { cart: shipped } = await ctx.store.store.cart.addShippingMethod(cart.id, { option_id: shipping_options[0].id })
    ctx.cart = { id: shipped.id }
    detail(
      `cart ${shipped.id}: ${products.map((product) => product.title).join(" + ")}, total ${formatAmount(fromMedusaAmount(shipped.total))} SAR (VAT ${formatAmount(roundMedusaAmount(shipped.tax_total))} included)`
    )
  },
}
