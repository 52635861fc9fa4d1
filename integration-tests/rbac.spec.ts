import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { orphanRefundKey } from "../src/installments/refunds/keys"
import type { AxiosInstance } from "axios"
import { createUsersWorkflow } from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { INSTALLMENTS_PERMISSIONS, permissionKey } from "../src/installments/permissions"
import { asRegistrationId } from "../src/installments/registrations/provider-ids"
import { INSTALLMENTS_MODULE } from "../src/modules/installments"
import type InstallmentsModuleService from "../src/modules/installments/service"
import { CARDS, payLink, type Sandbox, startTestSandbox } from "./helpers/sandbox"
import { ScheduledJobsWatch } from "./helpers/scheduled-jobs"

// The plugin's back office under Medusa's role-based access control: this spec boots its own Medusa
// with the `rbac` feature flag and module (medusa-config.ts reads INSTALLMENTS_TEST_RBAC when Medusa
// boots, in the runner's beforeAll; jest gives each spec file its own process.env). Staff get their
// roles as a merchant gives them (docs/admin.md): a role made of policies, an invite naming it, the
// invite accepted, a login whose token carries the role.
process.env.INSTALLMENTS_TEST_RBAC = "true"

const PASSWORD = "rbac-spec-password-2026"
const SUPER_ADMIN = "owner@rbac.test"
const READER = "accountant@rbac.test"
const OUTSIDER = "warehouse@rbac.test"
const month = (() => {
  const now = new Date()
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10)
  return { from_date: from, to_date: now.toISOString().slice(0, 10) }
})()

interface Route {
  method: "GET" | "POST"
  path: string
  /** A read (the read-only role gets it) or a change (it does not). */
  kind: "read" | "write"
  params?: Record<string, unknown>
  body?: Record<string, unknown>
  /** What the super admin gets: the route's own answer. */
  superAdmin: number
}

jest.setTimeout(120_000)
let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(async () => {
  await sandbox?.stop()
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const tokens: Record<string, string> = {}
    const as = (email: string) => ({ headers: { authorization: `Bearer ${tokens[email]}` }, validateStatus: () => true })
    let linkId: string
    let transactionId: string
    let failedRefundId: string
    let routes: Route[]
    let jobs: ScheduledJobsWatch

    beforeAll(async () => {
      jobs = await ScheduledJobsWatch.of(getContainer())
      const container = getContainer()
      // The store's first admin, as `medusa user` makes it when the flag is on: the super admin role.
      await createUsersWorkflow(container).run({ input: { users: [{ email: SUPER_ADMIN, roles: ["role_super_admin"] }] } as never })
      const auth = container.resolve(Modules.AUTH)
      const user = (await container.resolve(Modules.USER).listUsers({ email: SUPER_ADMIN }))[0]
      const { authIdentity } = await auth.register("emailpass", { body: { email: SUPER_ADMIN, password: PASSWORD } } as never)
      await auth.updateAuthIdentities({ id: authIdentity!.id, app_metadata: { user_id: user.id } })
      tokens[SUPER_ADMIN] = await login(api, SUPER_ADMIN)

      // Two staff roles: installments read-only, and orders only (no installments access at all).
      const policies = await listPolicies(api, tokens[SUPER_ADMIN])
      const readOnly = policies.filter((policy) => policy.resource.startsWith("installments_") && policy.operation === "read")
      const orderRead = policies.filter((policy) => policy.resource === "order" && policy.operation === "read")
      expect(readOnly.length).toBeGreaterThan(0)
      expect(orderRead).toHaveLength(1)
      await invite(api, tokens[SUPER_ADMIN], READER, await createRole(api, tokens[SUPER_ADMIN], "Installments read-only", readOnly))
      await invite(api, tokens[SUPER_ADMIN], OUTSIDER, await createRole(api, tokens[SUPER_ADMIN], "Orders read-only", orderRead))
      tokens[READER] = await login(api, READER)
      tokens[OUTSIDER] = await login(api, OUTSIDER)

      // Every route of the plugin: src/api/__tests__/route-permissions.spec.ts checks each has a permission.
      // Something to read: a paid payment link, and a failed refund on its transaction to retry.
      const made = await api.post(
        "/admin/installments/payment-links",
        { provider_id: "installments", amount: 250, title: "RBAC spec link" },
        as(SUPER_ADMIN)
      )
      expect(made.status).toBe(201)
      linkId = made.data.payment_link.id
      transactionId = (await payLink(sandbox, linkId, { card_number: CARDS.mada, payment_option: "Pay In Full" })).transaction_id
      failedRefundId = await failedRefund(container, transactionId)

      const window = { provider_id: "installments", ...month }
      routes = [
        { method: "GET", path: "/admin/installments/status", kind: "read", superAdmin: 200 },
        { method: "GET", path: "/admin/installments/webhooks", kind: "read", superAdmin: 200 },
        { method: "GET", path: "/admin/installments/refunds", kind: "read", superAdmin: 200 },
        { method: "GET", path: "/admin/installments/settlements", kind: "read", params: window, superAdmin: 200 },
        { method: "GET", path: "/admin/installments/settlements/unsettled", kind: "read", params: window, superAdmin: 200 },
        { method: "GET", path: "/admin/installments/statements", kind: "read", params: window, superAdmin: 200 },
        // The Insights read the settlements' figures (sales, fees, refunds): the same permission.
        { method: "GET", path: "/admin/installments/insights", kind: "read", params: window, superAdmin: 200 },
        { method: "GET", path: "/admin/installments/insights/checkouts", kind: "read", params: window, superAdmin: 200 },
        {
          method: "GET",
          path: "/admin/installments/payment-links",
          kind: "read",
          params: { provider_id: "installments" },
          superAdmin: 200,
        },
        {
          method: "GET",
          path: `/admin/installments/payment-links/${linkId}`,
          kind: "read",
          params: { provider_id: "installments" },
          superAdmin: 200,
        },
        {
          method: "GET",
          path: `/admin/installments/transactions/${transactionId}`,
          kind: "read",
          params: { provider_id: "installments" },
          superAdmin: 200,
        },
        // An order the store does not have: the route's own 404, so the permission check let it through.
        { method: "GET", path: "/admin/installments/orders/order_rbac_missing", kind: "read", superAdmin: 404 },
        {
          method: "GET",
          path: "/admin/installments/bin-lookup",
          kind: "read",
          params: { provider_id: "installments", bin: CARDS.mada.slice(0, 6), amount: "500.00" },
          superAdmin: 200,
        },
        {
          method: "POST",
          path: "/admin/installments/webhooks",
          kind: "write",
          body: { provider_id: "installments", url: `${api.defaults.baseURL}/hooks/payment/installments_installments` },
          superAdmin: 201,
        },
        {
          method: "POST",
          path: "/admin/installments/payment-links",
          kind: "write",
          body: { provider_id: "installments", amount: 120, title: "Phone order" },
          superAdmin: 201,
        },
        { method: "POST", path: `/admin/installments/refunds/${failedRefundId}/retry`, kind: "write", body: {}, superAdmin: 200 },
        {
          method: "POST",
          path: "/admin/installments/orders/order_rbac_missing/payment-link",
          kind: "write",
          body: { provider_id: "installments" },
          superAdmin: 404,
        },
        {
          method: "POST",
          path: "/admin/installments/draft-orders/order_rbac_missing/payment-link",
          kind: "write",
          body: { provider_id: "installments" },
          superAdmin: 404,
        },
      ]
    })

    const send = (route: Route, email: string) =>
      route.method === "GET"
        ? api.get(route.path, { ...as(email), params: route.params })
        : api.post(route.path, route.body ?? {}, as(email))

    // The runner's own afterAll stops Medusa; this block's runs before it, so no job is cut off mid-run.
    describe("", () => {
      afterAll(async () => {
        await jobs?.quiet()
      })

      it("syncs every policy the plugin declares into Medusa's policy list, where roles are made", async () => {
        const synced = (await listPolicies(api, tokens[SUPER_ADMIN])).filter((policy) => policy.resource.startsWith("installments_"))
        expect(synced.map((policy) => [policy.name, permissionKey(policy as never)]).sort()).toEqual(
          INSTALLMENTS_PERMISSIONS.map((permission) => [permission.name, permissionKey(permission)]).sort()
        )
      })

      it("a read-only installments role reads every page (200) and is refused webhook registration, link creation and refund retry (403)", async () => {
        const answers = []
        for (const route of routes) {
          const { status, data } = await send(route, READER)
          answers.push({ route: `${route.method} ${route.path}`, status, message: status === 403 ? data.message : undefined })
        }
        for (const answer of answers) {
          const route = routes.find((candidate) => `${candidate.method} ${candidate.path}` === answer.route)!
          if (route.kind === "read") {
            expect(answer).toMatchObject({ status: route.superAdmin })
          } else {
            expect(answer).toMatchObject({
              status: 403,
              message: expect.stringMatching(/^Insufficient permissions\. Required policies: installments_/),
            })
          }
        }
        // Nothing the refused calls would have done happened: the refund is still failed, no webhook key.
        const service = getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
        expect((await service.listInstallmentsRefunds({ id: failedRefundId }))[0].status).toBe("failed")
        expect(await service.listWebhookKeys({})).toEqual([])
      })

      it("a role without installments access gets 403 on every route of the plugin, and still reads Medusa's orders", async () => {
        for (const route of routes) {
          const { status } = await send(route, OUTSIDER)
          expect([`${route.method} ${route.path}`, status]).toEqual([`${route.method} ${route.path}`, 403])
        }
        expect((await api.get("/admin/orders", as(OUTSIDER))).status).toBe(200)
      })

      it("the super admin gets every route's own answer: the webhook registered, the link made, the refund retried", async () => {
        for (const route of routes) {
          const { status, data } = await send(route, SUPER_ADMIN)
          expect([`${route.method} ${route.path}`, status, status >= 400 ? data.message : ""]).toEqual([
            `${route.method} ${route.path}`,
            route.superAdmin,
            route.superAdmin >= 400 ? expect.not.stringMatching(/permission/i) : "",
          ])
        }
        const service = getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
        // Accepted: P, or already R when the service's settlement (300 ms in the test sandbox) and its
        // webhook came before this read, as they do when the machine is slow.
        expect(["P", "R"]).toContain((await service.listInstallmentsRefunds({ id: failedRefundId }))[0].status)
        expect(await service.listWebhookKeys({})).toHaveLength(1)
      })

      it("tells the admin pages what each user may do: Medusa's permission list holds the role's installments policies", async () => {
        const mine = async (email: string) =>
          ((await api.get("/admin/rbac/me/permissions", as(email))).data.permissions as string[]).filter((key) =>
            key.startsWith("installments_")
          )
        const reads = INSTALLMENTS_PERMISSIONS.filter((permission) => permission.operation === "read").map(permissionKey)
        expect((await mine(READER)).sort()).toEqual(reads.sort())
        expect(await mine(OUTSIDER)).toEqual([])
        expect((await mine(SUPER_ADMIN)).sort()).toEqual(INSTALLMENTS_PERMISSIONS.map(permissionKey).sort())
      })
    })
  },
})

async function login(api: AxiosInstance, email: string): Promise<string> {
  const { data } = await api.post("/auth/user/emailpass", { email, password: PASSWORD })
  return data.token
}

async function listPolicies(api: AxiosInstance, token: string) {
  const { data } = await api.get("/admin/rbac/policies", { headers: { authorization: `Bearer ${token}` }, params: { limit: 500 } })
  return data.policies as { id: string; name: string; resource: string; operation: string }[]
}

async function createRole(api: AxiosInstance, token: string, name: string, policies: { id: string }[]): Promise<string> {
  const { data } = await api.post(
    "/admin/rbac/roles",
    { name, policy_ids: policies.map((policy) => policy.id) },
    { headers: { authorization: `Bearer ${token}` } }
  )
  return data.role.id
}

/** Invites `email` with `roleId`, and accepts the invite as the new user does (register, accept). */
async function invite(api: AxiosInstance, token: string, email: string, roleId: string): Promise<void> {
  const { data } = await api.post("/admin/invites", { email, roles: [roleId] }, { headers: { authorization: `Bearer ${token}` } })
  const registered = await api.post("/auth/user/emailpass/register", { email, password: PASSWORD })
  await api.post(
    `/admin/invites/accept?token=${data.invite.token}`,
    { first_name: "Staff", last_name: "Member" },
    { headers: { authorization: `Bearer ${registered.data.token}` } }
  )
}

/** A failed refund of 10.00 SAR on the transaction, as a refusal leaves it in the ledger. */
async function failedRefund(container: MedusaContainer, transactionId: string): Promise<string> {
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const { opening } = await service.writeRefundLedger({
    kind: "open",
    transaction_id: transactionId,
    intent: {
      idempotency_key: orphanRefundKey(transactionId).key,
      provider_id: asRegistrationId("installments"),
      transaction_id: transactionId,
      source: "orphan",
      amount: "10.00",
    },
  })
  const rowId = (opening as { row_id: string }).row_id
  await service.writeRefundLedger({
    kind: "outcome",
    transaction_id: transactionId,
    row_id: rowId,
    outcome: { kind: "refused", failure: { reason: "The merchant balance was too low.", retryable: true } },
  })
  return rowId
}
