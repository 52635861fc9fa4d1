/**
 * The plugin's resources for Medusa's role-based access control (the `rbac` feature flag), named as
 * Medusa names its own (`payment_collection`, `refund_reason`): snake case, singular. Each guards the
 * admin routes and controls listed beside it; with the flag off Medusa checks none of them. Plain
 * data, read by the policies (`src/policies`), the routes (`src/api/middlewares.ts`) and the admin pages.
 */
export const INSTALLMENTS_RESOURCES = {
  /** Settlements and statements: payouts, their rows (customers' names and e-mails), CSV and PDF files. */
  settlement: "installments_settlement",
  /** Payment links made in the admin: the list, one link, a new link, the BIN lookup that prices one. */
  paymentLink: "installments_payment_link",
  /** A payment link for what an order or a draft order still owes. */
  orderPaymentLink: "installments_order_payment_link",
  /** The plugin's refund ledger, and retrying a failed refund. */
  refund: "installments_refund",
  /** Webhook setup: the registrations' connection check, the endpoints, registering one. */
  webhook: "installments_webhook",
  /** An order's installments payment as the service reports it (the order card), and a transaction. */
  payment: "installments_payment",
  /** The health page: connection, deliveries refused, jobs' runs, the service's error rate, refunds that wait or failed. */
  health: "installments_health",
} as const

export type InstallmentsResource = (typeof INSTALLMENTS_RESOURCES)[keyof typeof INSTALLMENTS_RESOURCES]

/** The operations the plugin's routes need; Medusa's own names (`PolicyOperation`). */
export type InstallmentsOperation = "read" | "create" | "update"

/** One permission a route needs or a control shows: a resource and an operation. */
export interface InstallmentsPermission {
  resource: InstallmentsResource
  operation: InstallmentsOperation
}

/** A permission the plugin declares, with the words Medusa's role pages show for it. */
export interface DeclaredPermission extends InstallmentsPermission {
  name: string
  description: string
}

/**
 * Every permission the plugin declares, by what it allows: the one table the policies
 * (`src/policies`), the routes (`src/api/middlewares.ts`) and the admin's pages and controls read.
 */
export const INSTALLMENTS_PERMISSION = {
  readSettlement: {
    resource: INSTALLMENTS_RESOURCES.settlement,
    operation: "read",
    name: "ReadInstallmentsSettlement",
    description: "Read installments settlements and statements (payouts, their rows with customers' names and e-mails, CSV and PDF)",
  },
  readPaymentLink: {
    resource: INSTALLMENTS_RESOURCES.paymentLink,
    operation: "read",
    name: "ReadInstallmentsPaymentLink",
    description: "Read installments payment links made in the admin, and look up a card's plans",
  },
  createPaymentLink: {
    resource: INSTALLMENTS_RESOURCES.paymentLink,
    operation: "create",
    name: "CreateInstallmentsPaymentLink",
    description: "Create installments payment links for any amount",
  },
  createOrderPaymentLink: {
    resource: INSTALLMENTS_RESOURCES.orderPaymentLink,
    operation: "create",
    name: "CreateInstallmentsOrderPaymentLink",
    description: "Request an installments payment link for what an order or a draft order owes",
  },
  readRefund: {
    resource: INSTALLMENTS_RESOURCES.refund,
    operation: "read",
    name: "ReadInstallmentsRefund",
    description: "Read the installments refund ledger",
  },
  updateRefund: {
    resource: INSTALLMENTS_RESOURCES.refund,
    operation: "update",
    name: "UpdateInstallmentsRefund",
    description: "Retry a failed installments refund (sends money back to the customer)",
  },
  readWebhook: {
    resource: INSTALLMENTS_RESOURCES.webhook,
    operation: "read",
    name: "ReadInstallmentsWebhook",
    description: "Read the installments connection check and registered webhook endpoints",
  },
  createWebhook: {
    resource: INSTALLMENTS_RESOURCES.webhook,
    operation: "create",
    name: "CreateInstallmentsWebhook",
    description: "Register a webhook endpoint with the installments service (it receives payment and customer data)",
  },
  readPayment: {
    resource: INSTALLMENTS_RESOURCES.payment,
    operation: "read",
    name: "ReadInstallmentsPayment",
    description: "Read an order's installments payment and the service's transaction behind it",
  },
  readHealth: {
    resource: INSTALLMENTS_RESOURCES.health,
    operation: "read",
    name: "ReadInstallmentsHealth",
    description:
      "Read the installments health page: connection, refused webhook deliveries, background jobs, the service's error rate, refunds that wait or failed",
  },
} as const satisfies Record<string, DeclaredPermission>

/** The table's permissions as a list, in its order. */
export const INSTALLMENTS_PERMISSIONS: readonly DeclaredPermission[] = Object.values(INSTALLMENTS_PERMISSION)

/** `resource:operation`, the spelling of Medusa's permission lists (`GET /admin/rbac/me/permissions`). */
export function permissionKey(permission: InstallmentsPermission): string {
  return `${permission.resource}:${permission.operation}`
}
