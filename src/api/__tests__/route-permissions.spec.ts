import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import middlewares from "../middlewares"
import { INSTALLMENTS_PERMISSIONS, permissionKey } from "../../installments/permissions"
import { installmentsPolicies } from "../../policies/installments"

const ADMIN_DIR = path.join(__dirname, "../admin")

/** Every `route.ts` under src/api/admin with the methods it exports, as Medusa mounts them: `GET /admin/installments/orders/:id`. */
function adminRoutes(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory() && entry.name !== "__tests__") {
        walk(full)
      } else if (entry.name === "route.ts") {
        const matcher = `/admin/${path
          .relative(ADMIN_DIR, dir)
          .split(path.sep)
          .map((segment) => segment.replace(/^\[(.+)\]$/, ":$1"))
          .join("/")}`
        for (const [, method] of readFileSync(full, "utf8").matchAll(/^export const (GET|POST|PUT|PATCH|DELETE)\b/gm)) {
          found.push(`${method} ${matcher}`)
        }
      }
    }
  }
  walk(ADMIN_DIR)
  return found.sort()
}

type Route = { matcher: string | RegExp; methods?: string[]; policies?: { resource: string; operation: string | string[] }[] }

const guarded = (middlewares.routes as Route[]).filter((route) => route.policies?.length)

describe("the admin routes under Medusa's role-based access control", () => {
  it("finds the plugin's admin routes (a moved folder would otherwise pass this file unnoticed)", () => {
    expect(adminRoutes()).toHaveLength(19)
  })

  it.each(adminRoutes().map((route) => [route]))("%s declares the permission it needs", (route) => {
    const [method, matcher] = route.split(" ")
    const entries = guarded.filter((entry) => entry.matcher === matcher && entry.methods?.includes(method))
    expect(entries).toHaveLength(1)
    const [policy] = entries[0].policies!
    expect(INSTALLMENTS_PERMISSIONS.map(permissionKey)).toContain(`${policy.resource}:${policy.operation}`)
    // A read is never guarded by a change's permission, nor a change by a read's.
    expect(policy.operation === "read").toBe(method === "GET")
  })

  it("uses every permission it declares, and declares every one it uses", () => {
    const used = new Set(guarded.flatMap((entry) => entry.policies!.map((policy) => `${policy.resource}:${policy.operation}`)))
    expect([...used].sort()).toEqual(INSTALLMENTS_PERMISSIONS.map(permissionKey).sort())
  })

  it("hands Medusa's policy loader one definePolicies export with a unique name per permission", () => {
    expect(installmentsPolicies.policies.map((policy) => policy.name).sort()).toEqual(
      INSTALLMENTS_PERMISSIONS.map((permission) => permission.name).sort()
    )
    expect(new Set(installmentsPolicies.policies.map((policy) => policy.name)).size).toBe(INSTALLMENTS_PERMISSIONS.length)
  })
})
