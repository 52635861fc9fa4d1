import type { MedusaRequest } from "@medusajs/framework/http"
import {
  asRegistrationId,
  PROVIDER_ID_PREFIX,
  PROVIDER_IDENTIFIER,
  type RegistrationId,
} from "../../installments/registrations/provider-ids"

/** Medusa's webhook route: `POST /hooks/payment/:provider`, `provider` being `{identifier}_{id}` or `pp_…`. */
export const WEBHOOK_ROUTE_MATCHER = "/hooks/payment/:provider"

// Medusa's Payment module accepts the provider with or without its `pp_` prefix.
const REGISTRATION_PREFIXES = [PROVIDER_ID_PREFIX, `${PROVIDER_IDENTIFIER}_`]
const RAW_PROVIDER = /^\/hooks\/payment\/([^/?#]+)/i

/**
 * The installments registration a webhook request is for (`installments` for
 * `installments_installments` or `pp_installments_installments`), or undefined for another provider.
 */
export function installmentsRegistrationOf(req: MedusaRequest): RegistrationId | undefined {
  const provider = providerParam(req)
  return provider === undefined ? undefined : registrationIdOf(provider)
}

/** The provider parameter as Medusa's route sees it (decoded); parsed from the path when absent. */
function providerParam(req: MedusaRequest): string | undefined {
  const param = (req.params as Record<string, unknown> | undefined)?.provider
  if (typeof param === "string") {
    return param
  }
  const raw = RAW_PROVIDER.exec(req.path ?? req.originalUrl ?? "")?.[1]
  if (raw === undefined) {
    return undefined
  }
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** `installments` for `installments_installments` or `pp_installments_installments`; else undefined. */
function registrationIdOf(provider: string): RegistrationId | undefined {
  // Case-insensitive: whatever spelling Medusa might still resolve is verified rather than let through.
  const prefix = REGISTRATION_PREFIXES.find((candidate) => provider.toLowerCase().startsWith(candidate))
  return prefix === undefined ? undefined : asRegistrationId(provider.slice(prefix.length))
}
