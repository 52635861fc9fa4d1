/** The provider's identifier: Medusa names each registration `pp_installments_<id>`. */
export const PROVIDER_IDENTIFIER = "installments"

/** Medusa's id of an installments registration is this prefix and the registration id (`pp_installments_installments`). */
export const PROVIDER_ID_PREFIX = `pp_${PROVIDER_IDENTIFIER}_`

declare const idKind: unique symbol

/**
 * A registration id: the `id` of an installments entry under the Payment module's providers
 * (`installments`, `bnpl`). What the plugin's tables, its workflows and its clients are keyed by.
 * A type of its own, so it is never passed where Medusa's provider id is expected, or the reverse.
 */
export type RegistrationId = string & { readonly [idKind]: "registration" }

/**
 * Medusa's provider id of a registration (`pp_installments_installments`): what Medusa's payments,
 * sessions and regions carry, and the one form every `installments.*` event carries.
 */
export type ProviderId = string & { readonly [idKind]: "provider" }

/**
 * Reads `id` as a registration id, where only registration ids are kept: the Payment module's
 * configuration, the plugin's own tables, a back-office route's `provider_id`. Whether such a
 * registration exists is for `installments/registrations/lookup.ts` to say.
 */
export function asRegistrationId(id: string): RegistrationId {
  return id as RegistrationId
}

/** Medusa's provider id of a registration: `installments` -> `pp_installments_installments`. */
export function providerIdOf(registrationId: RegistrationId): ProviderId {
  return `${PROVIDER_ID_PREFIX}${registrationId}` as ProviderId
}

/** True for the provider id of any installments registration. */
export function isInstallmentsProvider(providerId: string | null | undefined): providerId is ProviderId {
  return typeof providerId === "string" && providerId.startsWith(PROVIDER_ID_PREFIX)
}

/** The registration id of an installments provider id (`pp_installments_bnpl` -> `bnpl`); undefined for another provider. */
export function registrationIdOf(providerId: string | null | undefined): RegistrationId | undefined {
  return isInstallmentsProvider(providerId) ? asRegistrationId(providerId.slice(PROVIDER_ID_PREFIX.length)) : undefined
}
