import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../lib/sdk"
import type { InstallmentsStatusResponse } from "../../installments/back-office/answers"

const statusKey = ["installments", "status"] as const

/** Every registration's connection check, webhooks and what is still waiting. */
export function useInstallmentsStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: () => sdk.client.fetch<InstallmentsStatusResponse>("/admin/installments/status"),
  })
}

/** Registers a registration's webhook endpoint with the service, then reloads the status. */
export function useRegisterWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { provider_id: string; url: string }) =>
      sdk.client.fetch<unknown>("/admin/installments/webhooks", { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  })
}
