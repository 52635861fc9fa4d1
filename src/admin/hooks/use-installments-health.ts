import { keepPreviousData, useQuery } from "@tanstack/react-query"
import type { HealthAnswer } from "../../installments/health/answer"
import { sdk } from "../lib/sdk"

/**
 * The health page's figures (`GET /admin/installments/health`): read from the store's records, and
 * with `checkConnection` also one read of the service per registration. Read again every minute.
 */
export function useInstallmentsHealth(checkConnection: boolean) {
  return useQuery({
    queryKey: ["installments", "health", checkConnection],
    queryFn: () =>
      sdk.client.fetch<HealthAnswer>("/admin/installments/health", { query: checkConnection ? { check: "connection" } : {} }),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  })
}
