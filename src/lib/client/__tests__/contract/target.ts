import type { InstallmentsClient } from "../.."

/** How a test card payment ends (issue 3: test cards decide the outcome). */
export type PayOutcome =
  /** Authorized and captured; an installment plan is approved by the bank (tracker A). */
  | "success"
  /** Declined by the issuer: transaction `fail`. */
  | "decline"
  /** Bank refuses the 0% loan: transaction `fail`, installment_tracker R. */
  | "bank_rejected"
  /** Bank review in progress: transaction `pending`, installment_tracker P. */
  | "bank_review"
  /** 3DS / passkey authentication failed: transaction `fail`. */
  | "auth_failed"

export type PayOption = "Installment" | "Pay In Full"

/** BIN prefixes of the target's test cards, one per BIN lookup rule. */
export interface ContractCards {
  /** Eligible `rajhi` credit card, minimum basket 300.00, 6 digits. */
  rajhiCredit: string
  /** Eligible `snb` credit card, minimum basket 1000.00. */
  snbCredit: string
  /** An 8-digit prefix of an eligible credit card. */
  eightDigit: string
  /** A debit card: not eligible, "Bin number not found." */
  debit: string
  /** A prefix that matches nothing. */
  unknown: string
}

/**
 * What the contract scenarios need from a counterpart of the service: a client wired to it, one
 * with a wrong secret, the store to use, and the few things only a customer or support can do.
 * The nock fake and the sandbox both provide it, so the same scenarios prove client and sandbox.
 */
export interface ContractTarget {
  /** Its name in test titles. */
  name: string
  client: InstallmentsClient
  /** Same target and public key, wrong secret key. */
  wrongSecretClient: InstallmentsClient
  storeId: string
  cards: ContractCards
  /** Pays a link as a customer would with a test card (no hosted page); returns the transaction id. */
  payLink(linkId: string, outcome: PayOutcome, option?: PayOption): Promise<string>
  /** Makes a link reach its expiry now (support / clock control). */
  expireLink(linkId: string): Promise<void>
  /**
   * The next `count` API requests answer `status` (5xx) without doing anything (fault injection;
   * sandbox: `POST /__sandbox/faults {fail_next, error_status}`). Optional so older targets still
   * compile, but the retry scenario fails loudly without it rather than skipping.
   */
  failNext?(count: number, status: number): Promise<void>
  /** A webhook URL the target accepts for registration. */
  webhookUrl: string
}

/** One client scenario, written against docs/service-api.md, run against every target. */
export interface ContractScenario {
  /**
   * The rule of docs/service-api.md the scenario proves (a decision number or an endpoint and what it
   * checks). A failure names it, so when the nock fake and the sandbox disagree the report says on what.
   */
  rule: string
  name: string
  run(target: ContractTarget): Promise<void>
}
