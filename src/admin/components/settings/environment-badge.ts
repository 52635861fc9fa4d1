import type { Environment } from "../../../lib/client/options"

/** The badge of a registration's environment, as `GET /admin/installments/status` names it. */
export interface EnvironmentBadge {
  /** Translation key under `installments.settings.environment`. */
  label: Environment
  color: "green" | "blue"
}

/**
 * Production keys (`prod-`) in green, sandbox keys in blue. The route sends the client's own
 * environment names (`production`, `sandbox`), the only ones compared here.
 */
export function environmentBadge(environment: Environment | string | null | undefined): EnvironmentBadge {
  return environment === "production" ? { label: "production", color: "green" } : { label: "sandbox", color: "blue" }
}
