/** The container key of the plugin's own module (its tables: keys, deliveries, the refund ledger). */
export const INSTALLMENTS_MODULE = "installments"
