import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { sdk } from "../lib/sdk"
import type { PaymentLinksResponse } from "../../installments/back-office/answers"

/** The list's filters and page, as the API takes them. */
export interface PaymentLinksQuery {
  provider_id?: string
  status?: "Paid" | "Unpaid" | "Expired"
  from_date?: string
  to_date?: string
  limit: number
  offset: number
}

/** A page of the store's payment links. */
export function usePaymentLinks(query: PaymentLinksQuery) {
  return useQuery({
    queryKey: ["installments", "payment-links", query],
    queryFn: () => sdk.client.fetch<PaymentLinksResponse>("/admin/installments/payment-links", { query: { ...query } }),
    enabled: !!query.provider_id,
    placeholderData: keepPreviousData,
  })
}
