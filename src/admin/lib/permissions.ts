import { permissionKey, type InstallmentsPermission } from "../../installments/permissions"

/** What the signed-in user may do, as the pages ask it. */
export interface Permissions {
  /** False until the answer is known: a control waits rather than offering what may be refused. */
  known: boolean
  can(permission: InstallmentsPermission): boolean
}

/**
 * The user's permissions from Medusa's own answers: with the `rbac` flag off (or the flags unknown to
 * this Medusa) every permission, as before; with it on, exactly the `resource:operation` keys of
 * `GET /admin/rbac/me/permissions`. The server's 403 is the guard: this only spares a refused click.
 */
export function permissionsFrom(flags: Record<string, unknown> | undefined, granted: readonly string[] | undefined): Permissions {
  if (flags === undefined) {
    return { known: false, can: () => false }
  }
  if (flags.rbac !== true) {
    return { known: true, can: () => true }
  }
  if (granted === undefined) {
    return { known: false, can: () => false }
  }
  const keys = new Set(granted)
  return { known: true, can: (permission) => keys.has(permissionKey(permission)) }
}
