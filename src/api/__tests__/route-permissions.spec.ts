import { readdirSync } from "node:fs"
import path from "node:path"
import middlewares from "../middlewares"
import { INSTALLMENTS_PERMISSIONS, permissionKey } from "../../installments/permissions"
import { installmentsPolicies } from "../../policies/installments"

const ADMIN_DIR = path.join(__dirname, "../admin")
// The methods Medusa's router mounts from a route file's exports.
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"]

/**
 * Every `route.ts` under `dir` with the methods it exports, as Medusa mounts them: `GET /admin/installments/orders/:id`.
 * The module is loaded and its exports read, as Medusa does, so `export const GET`, `export async
 * function GET` and `export { handler as GET }` are all found.
 */
function routesUnder(dir: string, prefix: string): string[] {
  const found: string[] = []
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name)
      if (entry.isDirectory() && entry.name !== "__tests__") {
        walk(full)
      } else if (entry.name === "route.ts") {
        const matcher = `${prefix}/${path
          .relative(dir, current)
          .split(path.sep)
          .map((segment) => segment.replace(/^\[(.+)\]$/, ":$1"))
          .join("/")}`
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const exported = Object.keys(require(full) as Record<string, unknown>)
        for (const method of HTTP_METHODS.filter((name) => exported.includes(name))) {
          found.push(`${method} ${matcher}`)
        }
      }
    }
  }
  walk(dir)
  return found.sort()
}

const adminRoutes = () => routesUnder(ADMIN_DIR, "/admin")

type Route = { matcher: string | RegExp; methods?: string[]; policies?: { resource: string; operation: string | string[] }[] }

const guarded = (middlewares.routes as Route[]).filter((route) => route.policies?.length)

describe("the admin routes under Medusa's role-based access control", () => {
  it("finds the plugin's admin routes (a moved folder would otherwise pass this file unnoticed)", () => {
    expect(adminRoutes()).toHaveLength(19)
  })

  it("finds a handler however the route file exports it, as Medusa's router does", () => {
    expect(routesUnder(path.join(__dirname, "fixtures/route-exports"), "/admin")).toEqual([
      "DELETE /admin/widgets/:id",
      "GET /admin/widgets/:id",
      "POST /admin/widgets/:id",
      "PUT /admin/widgets/:id",
    ])
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
