// What the admin sends, and Medusa's own order fields as the payment-due card reads them. The
// back-office routes' answers are the server's (src/installments/back-office/answers.ts).
import type { OrderLinkCheckout } from "../../installments/sessions/order-debt-request"

/** What `POST /admin/installments/payment-links` takes (its validator: api/admin/installments/payment-links/validators.ts). */
export interface CreatePaymentLinkBody {
  provider_id?: string
  amount: string
  title: string
  description?: string
  single_use: boolean
  expires_at?: string
  customer?: { first_name?: string; last_name?: string; email?: string; phone?: string }
  send_sms: boolean
  checkout: "both" | "installments" | "pay_in_full"
}

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
