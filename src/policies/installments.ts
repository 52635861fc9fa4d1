import { definePolicies } from "@medusajs/framework/utils"
import { INSTALLMENTS_PERMISSIONS } from "../installments/permissions"

// Medusa loads this folder at boot (its policies loader, for the project and each plugin) and syncs
// the policies to its `rbac_policy` table when the `rbac` feature flag is on: roles are made of them.
export const installmentsPolicies = definePolicies(INSTALLMENTS_PERMISSIONS.map((permission) => ({ ...permission })))
