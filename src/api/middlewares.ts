import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery, type MiddlewareRoute } from "@medusajs/framework/http"
import { AdminBinLookupQuery } from "./admin/installments/bin-lookup/validators"
import { AdminHealthQuery } from "./admin/installments/health/validators"
import { AdminInsightsCheckoutsQuery, AdminInsightsQuery } from "./admin/installments/insights/validators"
import {
  AdminCreatePaymentLink,
  AdminListPaymentLinksQuery,
  AdminPaymentLinkQuery,
} from "./admin/installments/payment-links/validators"
import { AdminRequestOrderPaymentLink } from "./admin/installments/orders/payment-link-validators"
import { AdminSettlementRowsQuery, AdminSettlementsQuery } from "./admin/installments/settlements/validators"
import { AdminStatementQuery } from "./admin/installments/statements/validators"
import { AdminTransactionQuery } from "./admin/installments/transactions/validators"
import { AdminListRefunds, AdminListWebhooks, AdminRegisterWebhook } from "./admin/installments/validators"
import { REFUSED_WEBHOOK_METHODS, refuseInstallmentsWebhookMethod } from "./hooks/refuse-webhook-method"
import { StorePlansQuery } from "./store/installments/plans/validators"
import { verifyInstallmentsWebhook, WEBHOOK_ROUTE_MATCHER } from "./hooks/verify-webhook"
import { PAYMENT_SESSIONS_ROUTE, validateInstallmentsSession } from "./store/payment-sessions/validate-installments-session"
import { INSTALLMENTS_PERMISSION as P, type InstallmentsPermission } from "../installments/permissions"

/**
 * The permission a back-office route needs under Medusa's role-based access control (D35): Medusa
 * checks it before the route's middlewares only when its `rbac` feature flag is on.
 */
const may = ({ resource, operation }: InstallmentsPermission) => [{ resource, operation }]

// Typed as Medusa's route entries: `policies` is part of them, not of defineMiddlewares' own signature.
const routes: MiddlewareRoute[] = [
  {
    // Medusa's own route pattern: the middleware decides on the provider parameter as the route
    // decodes it (a pattern on the raw path would miss `installments%5F…` and `pp_installments_…`).
    matcher: WEBHOOK_ROUTE_MATCHER,
    method: ["POST"],
    bodyParser: { preserveRawBody: true },
    middlewares: [verifyInstallmentsWebhook],
  },
  {
    matcher: WEBHOOK_ROUTE_MATCHER,
    method: [...REFUSED_WEBHOOK_METHODS],
    middlewares: [refuseInstallmentsWebhookMethod],
  },
  {
    matcher: "/admin/installments/webhooks",
    method: ["POST"],
    policies: may(P.createWebhook),
    middlewares: [validateAndTransformBody(AdminRegisterWebhook)],
  },
  {
    matcher: "/admin/installments/webhooks",
    method: ["GET"],
    policies: may(P.readWebhook),
    middlewares: [validateAndTransformQuery(AdminListWebhooks, {})],
  },
  {
    matcher: "/admin/installments/refunds",
    method: ["GET"],
    policies: may(P.readRefund),
    middlewares: [validateAndTransformQuery(AdminListRefunds, {})],
  },
  {
    matcher: "/admin/installments/statements",
    method: ["GET"],
    policies: may(P.readSettlement),
    middlewares: [validateAndTransformQuery(AdminStatementQuery, {})],
  },
  {
    matcher: "/admin/installments/settlements",
    method: ["GET"],
    policies: may(P.readSettlement),
    middlewares: [validateAndTransformQuery(AdminSettlementsQuery, {})],
  },
  {
    // The insights sum the plugin's sales, fees and refunds: the settlements' readers read them.
    matcher: "/admin/installments/insights",
    method: ["GET"],
    policies: may(P.readSettlement),
    middlewares: [validateAndTransformQuery(AdminInsightsQuery, {})],
  },
  {
    matcher: "/admin/installments/insights/checkouts",
    method: ["GET"],
    policies: may(P.readSettlement),
    middlewares: [validateAndTransformQuery(AdminInsightsCheckoutsQuery, {})],
  },
  {
    matcher: "/admin/installments/settlements/:id",
    method: ["GET"],
    policies: may(P.readSettlement),
    middlewares: [validateAndTransformQuery(AdminSettlementRowsQuery, {})],
  },
  {
    matcher: "/admin/installments/transactions/:id",
    method: ["GET"],
    policies: may(P.readPayment),
    middlewares: [validateAndTransformQuery(AdminTransactionQuery, {})],
  },
  {
    matcher: "/admin/installments/payment-links",
    method: ["GET"],
    policies: may(P.readPaymentLink),
    middlewares: [validateAndTransformQuery(AdminListPaymentLinksQuery, {})],
  },
  {
    matcher: "/admin/installments/payment-links",
    method: ["POST"],
    policies: may(P.createPaymentLink),
    middlewares: [validateAndTransformBody(AdminCreatePaymentLink)],
  },
  {
    matcher: "/admin/installments/payment-links/:id",
    method: ["GET"],
    policies: may(P.readPaymentLink),
    middlewares: [validateAndTransformQuery(AdminPaymentLinkQuery, {})],
  },
  {
    matcher: "/admin/installments/orders/:id/payment-link",
    method: ["POST"],
    policies: may(P.createOrderPaymentLink),
    middlewares: [validateAndTransformBody(AdminRequestOrderPaymentLink)],
  },
  {
    matcher: "/admin/installments/draft-orders/:id/payment-link",
    method: ["POST"],
    policies: may(P.createOrderPaymentLink),
    middlewares: [validateAndTransformBody(AdminRequestOrderPaymentLink)],
  },
  {
    matcher: "/admin/installments/bin-lookup",
    method: ["GET"],
    policies: may(P.readPaymentLink),
    middlewares: [validateAndTransformQuery(AdminBinLookupQuery, {})],
  },
  {
    matcher: "/admin/installments/health",
    method: ["GET"],
    policies: may(P.readHealth),
    middlewares: [validateAndTransformQuery(AdminHealthQuery, {})],
  },
  // Routes with nothing to validate, guarded all the same.
  { matcher: "/admin/installments/status", method: ["GET"], policies: may(P.readWebhook) },
  { matcher: "/admin/installments/orders/:id", method: ["GET"], policies: may(P.readPayment) },
  { matcher: "/admin/installments/refunds/:id/retry", method: ["POST"], policies: may(P.updateRefund) },
  {
    matcher: "/store/installments/plans",
    method: ["GET"],
    middlewares: [validateAndTransformQuery(StorePlansQuery, {})],
  },
  {
    matcher: PAYMENT_SESSIONS_ROUTE,
    method: ["POST"],
    middlewares: [validateInstallmentsSession],
  },
]

export default defineMiddlewares({ routes })
