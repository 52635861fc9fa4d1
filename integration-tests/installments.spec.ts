import { storeSuite } from "./helpers/store-suite"
import { afterSaleScenarios } from "./scenarios/after-sale"
import { backOfficePageScenarios } from "./scenarios/back-office-pages"
import { backOfficePaymentScenarios } from "./scenarios/back-office-payments"
import { backOfficeReportScenarios } from "./scenarios/back-office-reports"
import { canceledOrderPaymentScenarios } from "./scenarios/canceled-order-payment"
import { checkoutScenarios } from "./scenarios/checkout"
import { faultMatrixScenarios } from "./scenarios/fault-matrix"
import { healthScenarios } from "./scenarios/health"
import { insightsScenarios } from "./scenarios/insights"
import { orderPaymentLinkScenarios } from "./scenarios/order-payment-links"
import { securityScenarios } from "./scenarios/security"
import { serviceCallScenarios } from "./scenarios/service-calls"
import { shopperLanguageScenarios } from "./scenarios/shopper-language"
import { storefrontPlanScenarios } from "./scenarios/storefront-plans"
import { webhookHardeningScenarios } from "./scenarios/webhook-hardening"

// The plugin in one booted Medusa, as a shopper and a merchant meet its payments: checkout, the
// webhooks, refunds and cancels after the sale, the back office, and every money-moving call under
// each network fault. Returns and the load scenarios boot their own Medusa beside this one
// (returns-reliability.spec.ts).
storeSuite((ctx) => {
  describe("checkout", () => checkoutScenarios(ctx))
  describe("checkout: a payment on a canceled order", () => canceledOrderPaymentScenarios(ctx))
  describe("after the sale", () => afterSaleScenarios(ctx))
  describe("after the sale: collecting what an order owes by link", () => orderPaymentLinkScenarios(ctx))
  describe("webhook hardening", () => webhookHardeningScenarios(ctx))
  describe("back office: statements and settlements", () => backOfficeReportScenarios(ctx))
  describe("back office: orders, transactions, payment links, BIN lookup, status", () => backOfficePaymentScenarios(ctx))
  describe("back office: every list route pages", () => backOfficePageScenarios(ctx))
  describe("storefront: installment plans", () => storefrontPlanScenarios(ctx))
  describe("service calls per checkout", () => serviceCallScenarios(ctx))
  describe("words: the shopper's language, the merchant's status", () => shopperLanguageScenarios(ctx))
  describe("insights: does installments pay", () => insightsScenarios(ctx))
  describe("security: what a shopper, a forger or a spreadsheet can do", () => securityScenarios(ctx))
  describe("health: is the integration working", () => healthScenarios(ctx))
  // Here rather than beside the returns, to keep the two lanes of npm test even; last, so that no
  // scenario reads the sandbox's transactions after it.
  describe("exactly-once money: the fault matrix", () => faultMatrixScenarios(ctx))
})
