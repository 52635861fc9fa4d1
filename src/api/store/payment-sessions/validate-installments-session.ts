import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Query } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { isInstallmentsProvider } from "../../../installments/provider-ids"

export const PAYMENT_SESSIONS_ROUTE = "/store/payment-collections/:id/payment-sessions"

const CART_ID_RULE = "data.cart_id must be the id of the cart this payment collection belongs to (cart_...)"

// Medusa's own store validator accepts any `data`; the provider reads only `cart_id` from it.
const InstallmentsSessionData = z
  .object({ cart_id: z.string({ message: CART_ID_RULE }).regex(/^cart_[0-9A-Za-z]{1,64}$/, CART_ID_RULE).optional() })
  .passthrough()

/**
 * Checks what a storefront sends for an installments session: `data.cart_id`, which ends up in the
 * link's callback URL and metadata (the reconciliation job judges a paid link by it), must be the
 * cart of this payment collection. Sessions of other providers pass untouched.
 */
export async function validateInstallmentsSession(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as { provider_id?: unknown; data?: unknown } | undefined
  if (!isInstallmentsProvider(body?.provider_id as string | undefined) || body?.data === undefined) {
    next()
    return
  }
  const parsed = InstallmentsSessionData.safeParse(body.data)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    const field = ["data", ...(issue?.path ?? [])].join(".")
    throw new MedusaError(MedusaError.Types.INVALID_DATA, issue?.path.length ? issue.message : `${field} must be an object: ${issue?.message}`)
  }
  const cartId = parsed.data.cart_id
  if (cartId !== undefined) {
    const query = req.scope.resolve<Query>(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "cart_payment_collection",
      fields: ["cart_id"],
      filters: { payment_collection_id: req.params.id },
    })
    if ((data[0] as { cart_id?: string } | undefined)?.cart_id !== cartId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, CART_ID_RULE)
    }
  }
  next()
}
