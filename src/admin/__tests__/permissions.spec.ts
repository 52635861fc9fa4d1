import { INSTALLMENTS_PERMISSION, INSTALLMENTS_PERMISSIONS } from "../../installments/permissions"
import { permissionsFrom } from "../lib/permissions"

describe("permissionsFrom: what the admin pages offer a user", () => {
  it("with the rbac flag off (or a Medusa without it), everything, as before the plugin knew roles", () => {
    for (const flags of [{}, { rbac: false }, { translation: true }]) {
      const permissions = permissionsFrom(flags, undefined)
      expect(permissions.known).toBe(true)
      expect(INSTALLMENTS_PERMISSIONS.every((permission) => permissions.can(permission))).toBe(true)
    }
  })

  it("with the flag on, exactly the resource:operation keys Medusa lists for the user", () => {
    const permissions = permissionsFrom({ rbac: true }, ["installments_refund:read", "order:read"])
    expect(permissions.known).toBe(true)
    expect(permissions.can(INSTALLMENTS_PERMISSION.readRefund)).toBe(true)
    expect(permissions.can(INSTALLMENTS_PERMISSION.updateRefund)).toBe(false)
    expect(INSTALLMENTS_PERMISSIONS.filter((permission) => permissions.can(permission)).map((p) => p.name)).toEqual([
      "ReadInstallmentsRefund",
    ])
  })

  it("offers nothing while either answer is still on its way", () => {
    expect(permissionsFrom(undefined, undefined)).toMatchObject({ known: false })
    expect(permissionsFrom(undefined, undefined).can(INSTALLMENTS_PERMISSION.readRefund)).toBe(false)
    expect(permissionsFrom({ rbac: true }, undefined)).toMatchObject({ known: false })
    expect(permissionsFrom({ rbac: true }, undefined).can(INSTALLMENTS_PERMISSION.readRefund)).toBe(false)
  })
})
