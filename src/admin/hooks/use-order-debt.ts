import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../lib/sdk"
import type { OrderPaymentLinkResponse } from "../../installments/back-office/answers"
import type { DebtKind, OrderDebtView, OrderLinkCheckout } from "../lib/types"

const debtKey = (kind: DebtKind, orderId: string) => ["installments", "order-debt", kind, orderId] as const

const DEBT_FIELDS = [
  "id",
  "status",
  "display_id",
  "summary",
  "payment_collections.id",
  "payment_collections.status",
  "payment_collections.amount",
  "payment_collections.payment_sessions.id",
  "payment_collections.payment_sessions.status",
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payment_sessions.data",
].join(",")

/** What the order (or draft order) owes now, with the sessions of its payment collections. */
export function useOrderDebt(kind: DebtKind, orderId: string) {
  return useQuery({
    queryKey: debtKey(kind, orderId),
    queryFn: async (): Promise<OrderDebtView> => {
      const answer =
        kind === "draft"
          ? (await sdk.admin.draftOrder.retrieve(orderId, { fields: DEBT_FIELDS })).draft_order
          : (await sdk.admin.order.retrieve(orderId, { fields: DEBT_FIELDS })).order
      return answer as unknown as OrderDebtView
    },
  })
}

/** Asks for a payment link for what the order owes; the open one is answered when there is one. */
export function useRequestOrderPaymentLink(kind: DebtKind, orderId: string) {
  const queryClient = useQueryClient()
  const path = kind === "draft" ? "draft-orders" : "orders"
  return useMutation({
    mutationFn: (body: { provider_id?: string; checkout: OrderLinkCheckout; send_sms: boolean }) =>
      sdk.client.fetch<OrderPaymentLinkResponse>(`/admin/installments/${path}/${encodeURIComponent(orderId)}/payment-link`, {
        method: "POST",
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: debtKey(kind, orderId) }),
  })
}
