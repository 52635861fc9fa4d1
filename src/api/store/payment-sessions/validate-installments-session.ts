import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { languageOf } from "../../../installments/messages/shopper-language"
import { isInstallmentsProvider } from "../../../installments/registrations/provider-ids"
import { ORDER_DEBT_KEY } from "../../../installments/sessions/order-debt-request"

export const PAYMENT_SESSIONS_ROUTE = "/store/payment-collections/:id/payment-sessions"

const CART_ID_RULE = "data.cart_id must be the id of the cart this payment collection belongs to (cart_...)"
const ORDER_DEBT_RULE = `data.${ORDER_DEBT_KEY} is set by the admin's order payment link, not by a storefront`

type Knex = { raw(sql: string, bindings: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }

// The collection's cart and its language in one indexed statement: this runs on every installments
// session a storefront starts, where a query graph over the link and the cart module costs two
// statements and the joining of their answers.
const COLLECTION_CART = `
  select l.cart_id, c.locale
  from cart_payment_collection l
  left join cart c on c.id = l.cart_id and c.deleted_at is null
  where l.payment_collection_id = ? and l.deleted_at is null
  limit 1`

// Medusa's own store validator accepts any `data`; the provider reads `cart_id` from it, and the
// order request only from the admin's route.
const InstallmentsSessionData = z
  .object({
    cart_id: z
      .string({ message: CART_ID_RULE })
      .regex(/^cart_[0-9A-Za-z]{1,64}$/, CART_ID_RULE)
      .optional(),
    [ORDER_DEBT_KEY]: z.undefined({ message: ORDER_DEBT_RULE }),
  })
  .passthrough()

/**
 * Checks what a storefront sends for an installments session: `data.cart_id`, which ends up in the
 * link's callback URL and metadata (the reconciliation job judges a paid link by it), must be the
 * cart of this payment collection. Then gives the session the cart's language: unless the storefront
 * sent a `locale` the plugin speaks, the cart's own `locale` (Medusa's cart field), else the
 * request's locale, is copied into the data, so the shopper's words follow the cart. Sessions of
 * other providers pass untouched.
 */
export async function validateInstallmentsSession(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as { provider_id?: unknown; data?: unknown } | undefined
  if (!body || !isInstallmentsProvider(body.provider_id as string | undefined)) {
    next()
    return
  }
  const parsed = InstallmentsSessionData.safeParse(body.data ?? {})
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    const field = ["data", ...(issue?.path ?? [])].join(".")
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      issue?.path.length ? issue.message : `${field} must be an object: ${issue?.message}`
    )
  }
  const cartId = parsed.data.cart_id
  const ownLocale = languageOf(parsed.data.locale) ?? languageOf(parsed.data.language)
  if (cartId === undefined && ownLocale) {
    next()
    return
  }
  const knex = req.scope.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = await knex.raw(COLLECTION_CART, [req.params.id])
  const link = rows[0] as { cart_id?: string; locale?: string | null } | undefined
  if (cartId !== undefined && link?.cart_id !== cartId) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, CART_ID_RULE)
  }
  // The cart's stored language first, then the request's (Medusa's `?locale=` or `x-medusa-locale`).
  const locale = [link?.locale, req.locale].find((candidate) => languageOf(candidate))
  if (!ownLocale && locale) {
    body.data = { ...(body.data as Record<string, unknown> | undefined), locale }
  }
  next()
}
