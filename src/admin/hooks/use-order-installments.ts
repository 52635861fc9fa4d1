import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../lib/sdk"
import type { OrderInstallmentsResponse, RefundView } from "../../installments/back-office/answers"

const orderKey = (orderId: string) => ["installments", "order", orderId] as const

/** The order's installments payments, with their transactions and refunds. */
export function useOrderInstallments(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKey(orderId),
    queryFn: () => sdk.client.fetch<OrderInstallmentsResponse>(`/admin/installments/orders/${encodeURIComponent(orderId)}`),
    enabled,
  })
}

/** Retries a failed refund now, then reloads the order's card. */
export function useRetryRefund(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (refundId: string) =>
      sdk.client.fetch<{ refund: RefundView }>(`/admin/installments/refunds/${encodeURIComponent(refundId)}/retry`, {
        method: "POST",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKey(orderId) }),
  })
}
