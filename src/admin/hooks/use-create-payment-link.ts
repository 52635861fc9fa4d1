import { useMutation, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../lib/sdk"
import type { CreatePaymentLinkResponse } from "../../installments/back-office/answers"
import type { CreatePaymentLinkBody } from "../lib/types"

/** Makes a payment link, then reloads the list so it shows the new one. */
export function useCreatePaymentLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreatePaymentLinkBody) =>
      sdk.client.fetch<CreatePaymentLinkResponse>("/admin/installments/payment-links", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["installments", "payment-links"] }),
  })
}
