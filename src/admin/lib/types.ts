// What the admin sends, and Medusa's own order fields as the payment-due card reads them. The
// back-office routes' answers are the server's (src/installments/back-office/answers.ts), and the
// bodies are their validators' input types: type-only imports, so no server code reaches the bundle.
import type { z } from "@medusajs/framework/zod"
import type { AdminCreatePaymentLink } from "../../api/admin/installments/payment-links/validators"
import type { OrderLinkCheckout } from "../../installments/sessions/order-debt-request"

/** What `POST /admin/installments/payment-links` takes: its validator's input. */
export type CreatePaymentLinkBody = z.input<typeof AdminCreatePaymentLink>

/** An order placed, or a draft order not placed yet. */
export type DebtKind = "order" | "draft"

/** An order as the payment-due card reads it (Medusa's admin order fields). */
export interface OrderDebtView {
  id: string
  status: string
  display_id?: number | null
  summary?: { pending_difference?: number | null } | null
  payment_collections?:
    | {
        id: string
        status: string
        amount?: number | null
        payment_sessions?: { id: string; status: string; provider_id: string; data?: Record<string, unknown> | null }[] | null
      }[]
    | null
}

/** What the merchant chose for a link collecting an order's debt. */
export type { OrderLinkCheckout }
