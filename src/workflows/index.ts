export { registerInstallmentsWebhookWorkflow } from "./register-webhook"
export { syncInstallmentsRefundLedgerWorkflow } from "./sync-refund-ledger"
export { reconcileInstallmentsSessionWorkflow } from "./reconcile-session"
