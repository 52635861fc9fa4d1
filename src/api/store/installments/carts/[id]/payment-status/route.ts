import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { checkoutStatusOf } from "../../../../../../installments/sessions/checkout-status"

/**
 * Whether the cart's installments payment went through, for the storefront's return route (D49):
 * complete the cart when `completable`, else show `message` (the cart's language) and let the
 * shopper pay again or choose another way; a completion that fails still uses up an order number.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  res.set("Cache-Control", "no-store")
  res.json({ payment_status: await checkoutStatusOf(req.scope, req.params.id) })
}
