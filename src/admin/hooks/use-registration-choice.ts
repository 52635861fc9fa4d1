import { useState } from "react"
import { useInstallmentsStatus } from "./use-installments-status"

/** The registrations and the one a page reads: the merchant's pick, else the first configured. */
export function useRegistrationChoice() {
  const status = useInstallmentsStatus()
  const [picked, setPicked] = useState<string>()
  const registrations = status.data?.registrations ?? []
  const providerId = picked ?? registrations[0]?.provider_id
  return { status, registrations, providerId, setProviderId: setPicked }
}
