import { randomBytes, randomUUID } from "node:crypto"
import { isExactAmount, toHalalas } from "../../src/lib/money"
import { BankProgramme, DEFAULT_BANKS, INSTALLMENT_LINK_MINIMUM } from "../../src/lib/plans"
import { FeeSchedule, DEFAULT_FEES } from "./catalog/fees"

/** Signature schemes the sandbox can sign deliveries with (D18). */
export type SignatureScheme = "rsa-pss-sha256" | "rsa-pkcs1-sha256"

/**
 * `ribl` and `inma` have no documented minimum (D9). SANDBOX ASSUMPTION: they are offered at
 * 500.00 SAR with 3/6/12 months so every bank code of docs/service-api.md can be exercised locally.
 */
export const SANDBOX_EXTRA_BANKS: readonly BankProgramme[] = Object.freeze([
  { bank_code: "ribl", minimum: "500.00", tenures: [3, 6, 12] },
  { bank_code: "inma", minimum: "500.00", tenures: [3, 6, 12] },
])

/** Everything `startSandbox` accepts; every key is optional. */
export interface SandboxOptions {
  /** 0 picks a free port (the default here; the CLI defaults to 4010). */
  port?: number
  host?: string
  /** Merchant secret key (`Authorization`); random when absent. */
  secretKey?: string
  /** Merchant public key (`X-Service-Key`); must begin with `sandbox-`; random when absent. */
  publicKey?: string
  /** The merchant's store UUID; random when absent. */
  storeId?: string
  /** Base of hosted checkout URLs; defaults to the sandbox's own base URL. */
  payUrl?: string
  /** Development mode (D21): accept plain `http://localhost` webhook URLs. */
  allowHttpWebhooks?: boolean
  /** Keep state in this JSON file and reload it on start. */
  dataFile?: string
  /** Delay before the first refund of a 1-hour window settles to `R` (D14). */
  settlementDelayMs?: number
  /** How long a refund stays "under processing" after acceptance (D15). */
  processingWindowMs?: number
  /** Window in which a later refund stays pending for manual settlement (D14). */
  refundBurstWindowMs?: number
  /** Expiry of links created without `selectedDate` (D8). */
  linkTtlDays?: number
  /** First webhook retry delay; later ones double (D21). */
  webhookRetryBaseMs?: number
  /** Retries after the first delivery attempt (D21). */
  webhookMaxRetries?: number
  /** A delivery attempt that takes longer counts as a timeout (D21: 30 s). */
  webhookTimeoutMs?: number
  /** Signature scheme of deliveries (D18). */
  signatureScheme?: SignatureScheme
  /** Refund window after the transaction (D13). */
  refundWindowDays?: number
  /** Bank programmes (D9); defaults to the table of docs/service-api.md plus the sandbox's ribl and inma. */
  banks?: readonly BankProgramme[]
  /** Card scheme fees (D12), merged over the defaults. */
  fees?: Partial<FeeSchedule>
  /** VAT on fees in percent, 2 decimals (D12). */
  vatPercent?: string
  /** Bank financing fee of 0% installments in percent of the amount (D12: 0). */
  murabhaFeePercent?: string
  /** Smallest amount of a link that offers installments (D7). */
  installmentLinkMinimum?: string
  /** Merchant balance available for refunds, SAR. */
  merchantBalance?: string
  merchantName?: string
  merchantEnglishName?: string | null
  merchantEmail?: string
  /**
   * Decimal places of the amount strings inside transaction and link-details objects (2 to 8). 5 by
   * default, the live service's format ("299.99000", D4), so clients that compare strings break here
   * rather than in production; 2 gives plain "299.99".
   */
  amountScale?: number
  /** UTC offset in minutes of timestamps shown "with offset" (links, transactions); Riyadh is +180. */
  timezoneOffsetMinutes?: number
  /** Names of retail branches by UUID, for the list's `branch_name`. */
  branches?: Record<string, string>
  /** Seed of the fault injector's random choices, so fault runs repeat exactly. */
  seed?: number
  /** Receives one line per notable event (start, deliveries); silent by default. */
  log?: (line: string) => void
}

/** Options with every default filled in. */
export interface SandboxConfig {
  port: number
  host: string
  secretKey: string
  publicKey: string
  storeId: string
  payUrl: string | undefined
  allowHttpWebhooks: boolean
  dataFile: string | undefined
  settlementDelayMs: number
  processingWindowMs: number
  refundBurstWindowMs: number
  linkTtlDays: number
  webhookRetryBaseMs: number
  webhookMaxRetries: number
  webhookTimeoutMs: number
  signatureScheme: SignatureScheme
  refundWindowDays: number
  banks: readonly BankProgramme[]
  fees: FeeSchedule
  vatPercent: string
  murabhaFeePercent: string
  installmentLinkMinimum: string
  merchantBalance: string
  merchantName: string
  merchantEnglishName: string | null
  merchantEmail: string
  amountScale: number
  timezoneOffsetMinutes: number
  branches: Record<string, string>
  seed: number
  log: (line: string) => void
  /** Which of the credentials were given explicitly (a data file may supply the rest). */
  explicit: { secretKey: boolean; publicKey: boolean; storeId: boolean }
}

/** Decimal places of response amount strings by default: the live service writes "299.99000" (D4). */
export const DEFAULT_AMOUNT_SCALE = 5

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Fills in defaults and refuses settings the sandbox cannot honour. */
export function resolveConfig(options: SandboxOptions = {}): SandboxConfig {
  const publicKey = options.publicKey ?? `sandbox-${randomBytes(16).toString("hex")}`
  if (!publicKey.startsWith("sandbox-")) {
    throw new Error(`publicKey must begin with "sandbox-" (got "${publicKey.slice(0, 8)}...")`)
  }
  const storeId = options.storeId ?? randomUUID()
  if (!UUID_RE.test(storeId)) {
    throw new Error(`storeId must be a UUID (got "${storeId}")`)
  }
  const amounts: Array<[string, string | undefined]> = [
    ["merchantBalance", options.merchantBalance],
    ["vatPercent", options.vatPercent],
    ["murabhaFeePercent", options.murabhaFeePercent],
    ["installmentLinkMinimum", options.installmentLinkMinimum],
  ]
  for (const [name, value] of amounts) {
    if (value !== undefined && !isExactAmount(value)) {
      throw new Error(`${name} must be a decimal with at most 2 places (got "${value}")`)
    }
  }
  if (
    options.amountScale !== undefined &&
    (!Number.isInteger(options.amountScale) || options.amountScale < 2 || options.amountScale > 8)
  ) {
    throw new Error("amountScale must be an integer from 2 to 8")
  }
  const banks = options.banks ?? [...DEFAULT_BANKS, ...SANDBOX_EXTRA_BANKS]
  for (const bank of banks) {
    toHalalas(bank.minimum)
  }
  return {
    port: options.port ?? 0,
    host: options.host ?? "127.0.0.1",
    secretKey: options.secretKey ?? `sk_sandbox_${randomBytes(24).toString("hex")}`,
    publicKey,
    storeId: storeId.toLowerCase(),
    payUrl: options.payUrl?.replace(/\/+$/, ""),
    allowHttpWebhooks: options.allowHttpWebhooks ?? false,
    dataFile: options.dataFile,
    settlementDelayMs: options.settlementDelayMs ?? 2000,
    processingWindowMs: options.processingWindowMs ?? 1000,
    refundBurstWindowMs: options.refundBurstWindowMs ?? 60 * 60 * 1000,
    linkTtlDays: options.linkTtlDays ?? 7,
    webhookRetryBaseMs: options.webhookRetryBaseMs ?? 1000,
    webhookMaxRetries: options.webhookMaxRetries ?? 5,
    webhookTimeoutMs: options.webhookTimeoutMs ?? 30_000,
    signatureScheme: options.signatureScheme ?? "rsa-pss-sha256",
    refundWindowDays: options.refundWindowDays ?? 90,
    banks,
    fees: { ...DEFAULT_FEES, ...options.fees } as FeeSchedule,
    vatPercent: options.vatPercent ?? "15.00",
    murabhaFeePercent: options.murabhaFeePercent ?? "0.00",
    installmentLinkMinimum: options.installmentLinkMinimum ?? INSTALLMENT_LINK_MINIMUM,
    merchantBalance: options.merchantBalance ?? "1000000.00",
    merchantName: options.merchantName ?? "متجر الاختبار",
    merchantEnglishName: options.merchantEnglishName === undefined ? "Sandbox Test Store" : options.merchantEnglishName,
    merchantEmail: options.merchantEmail ?? "merchant@sandbox.invalid",
    amountScale: options.amountScale ?? DEFAULT_AMOUNT_SCALE,
    timezoneOffsetMinutes: options.timezoneOffsetMinutes ?? 180,
    branches: options.branches ?? {},
    seed: options.seed ?? 1,
    log: options.log ?? (() => undefined),
    explicit: {
      secretKey: options.secretKey !== undefined,
      publicKey: options.publicKey !== undefined,
      storeId: options.storeId !== undefined,
    },
  }
}
