import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../lib/sdk"
import type { OrderLinkCheckout, OrderPaymentLinkResponse } from "../lib/types"

const debtKey = (orderId: string) => ["installments", "order-debt", orderId] as const

/** What the order owes now (its summary's pending difference), with its status and number. */
export function useOrderDebt(orderId: string) {
  return useQuery({
    queryKey: debtKey(orderId),
    queryFn: () => sdk.admin.order.retrieve(orderId, { fields: "id,status,display_id,summary" }),
  })
}

/** Asks for a payment link for what the order owes; the open one is answered when there is one. */
export function useRequestOrderPaymentLink(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { checkout: OrderLinkCheckout; send_sms: boolean }) =>
      sdk.client.fetch<OrderPaymentLinkResponse>(`/admin/installments/orders/${encodeURIComponent(orderId)}/payment-link`, {
        method: "POST",
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: debtKey(orderId) }),
  })
}
