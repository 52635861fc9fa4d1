/** The provider's identifier: Medusa names each registration `pp_installments_<id>`. */
export const PROVIDER_IDENTIFIER = "installments"

/** Medusa's id of an installments registration is this prefix and the registration id (`pp_installments_installments`). */
export const PROVIDER_ID_PREFIX = `pp_${PROVIDER_IDENTIFIER}_`

/** Medusa's provider id of a registration: `installments` -> `pp_installments_installments`. */
export function providerIdOf(registrationId: string): string {
  return `${PROVIDER_ID_PREFIX}${registrationId}`
}

/** True for the provider id of any installments registration. */
export function isInstallmentsProvider(providerId: string | null | undefined): providerId is string {
  return typeof providerId === "string" && providerId.startsWith(PROVIDER_ID_PREFIX)
}

/** The registration id of an installments provider id (`pp_installments_bnpl` -> `bnpl`); undefined for another provider. */
export function registrationIdOf(providerId: string | null | undefined): string | undefined {
  return isInstallmentsProvider(providerId) ? providerId.slice(PROVIDER_ID_PREFIX.length) : undefined
}
