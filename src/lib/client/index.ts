import { accountOf } from "./call-stats"
import { HttpClient } from "./http"
import { ClientOptions, Environment, environmentOf, parseClientOptions } from "./options"
import { Bins } from "./resources/bins"
import { PaymentLinks } from "./resources/payment-links"
import { Reports } from "./resources/reports"
import { Transactions } from "./resources/transactions"
import { Webhooks } from "./resources/webhooks"

/**
 * Typed client of the installments service. Every call sends the authentication headers, validates
 * its request before sending, parses the answer exactly, and throws an `InstallmentsError`.
 */
export class InstallmentsClient {
  readonly environment: Environment
  /** The merchant account this client speaks for (base URL and public key, no secret), e.g. to key shared reads. */
  readonly account: string
  readonly bins: Bins
  readonly paymentLinks: PaymentLinks
  readonly transactions: Transactions
  readonly reports: Reports
  readonly webhooks: Webhooks
  /** The transport, exposed so tests can replace its sleep and jitter. */
  readonly http: HttpClient

  constructor(options: ClientOptions) {
    const resolved = parseClientOptions(options)
    this.environment = environmentOf(resolved.publicKey)
    this.account = accountOf(resolved.baseUrl, resolved.publicKey)
    this.http = new HttpClient(resolved)
    this.bins = new Bins(this.http)
    this.paymentLinks = new PaymentLinks(this.http)
    this.transactions = new Transactions(this.http)
    this.reports = new Reports(this.http)
    this.webhooks = new Webhooks(this.http, this.environment)
  }
}

export * from "./errors"
export { CALL_OUTCOMES, FAILED_CALL_OUTCOMES, serviceCallStats, type CallOutcome, type CallWindow } from "./call-stats"
export * from "./schemas"
export type { ClientOptions, ClientLogger, Environment } from "./options"
export type { RefundOptions, AcceptedRefund } from "./resources/transactions"
export type { RawResponse, StreamResponse } from "./http"
export type { AttemptReport, CallObserver, CallReport } from "./observer"
export type { StatementStream } from "./resources/reports"
