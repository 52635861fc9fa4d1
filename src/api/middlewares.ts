import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { AdminBinLookupQuery } from "./admin/installments/bin-lookup/validators"
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

export default defineMiddlewares({
  routes: [
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
      middlewares: [validateAndTransformBody(AdminRegisterWebhook)],
    },
    {
      matcher: "/admin/installments/webhooks",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminListWebhooks, {})],
    },
    {
      matcher: "/admin/installments/refunds",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminListRefunds, {})],
    },
    {
      matcher: "/admin/installments/statements",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminStatementQuery, {})],
    },
    {
      matcher: "/admin/installments/settlements",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminSettlementsQuery, {})],
    },
    {
      matcher: "/admin/installments/settlements/:id",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminSettlementRowsQuery, {})],
    },
    {
      matcher: "/admin/installments/transactions/:id",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminTransactionQuery, {})],
    },
    {
      matcher: "/admin/installments/payment-links",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminListPaymentLinksQuery, {})],
    },
    {
      matcher: "/admin/installments/payment-links",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminCreatePaymentLink)],
    },
    {
      matcher: "/admin/installments/payment-links/:id",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminPaymentLinkQuery, {})],
    },
    {
      matcher: "/admin/installments/orders/:id/payment-link",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminRequestOrderPaymentLink)],
    },
    {
      matcher: "/admin/installments/draft-orders/:id/payment-link",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminRequestOrderPaymentLink)],
    },
    {
      matcher: "/admin/installments/insights",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminInsightsQuery, {})],
    },
    {
      matcher: "/admin/installments/insights/checkouts",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminInsightsCheckoutsQuery, {})],
    },
    {
      matcher: "/admin/installments/bin-lookup",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminBinLookupQuery, {})],
    },
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
  ],
})
