import { INSTALLMENTS_PERMISSIONS, INSTALLMENTS_RESOURCES } from "../../installments/permissions"
import { permissionsFrom } from "../lib/permissions"

const RETRY = { resource: INSTALLMENTS_RESOURCES.refund, operation: "update" } as const
const READ_REFUNDS = { resource: INSTALLMENTS_RESOURCES.refund, operation: "read" } as const

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
    expect(permissions.can(READ_REFUNDS)).toBe(true)
    expect(permissions.can(RETRY)).toBe(false)
    expect(INSTALLMENTS_PERMISSIONS.filter((permission) => permissions.can(permission)).map((p) => p.name)).toEqual([
      "ReadInstallmentsRefund",
    ])
  })

  it("offers nothing while either answer is still on its way", () => {
    expect(permissionsFrom(undefined, undefined)).toMatchObject({ known: false })
    expect(permissionsFrom(undefined, undefined).can(READ_REFUNDS)).toBe(false)
    expect(permissionsFrom({ rbac: true }, undefined)).toMatchObject({ known: false })
    expect(permissionsFrom({ rbac: true }, undefined).can(READ_REFUNDS)).toBe(false)
  })
})
