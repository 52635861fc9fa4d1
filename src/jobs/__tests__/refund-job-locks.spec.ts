import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { configWithPayment } from "../../installments/__tests__/medusa-shapes"
import { INSTALLMENTS_MODULE } from "../../installments/module-key"

// What happened, in order: the locking module's acquisitions and releases, and the workflows' runs.
const steps: string[] = []

jest.mock("../../workflows/resolve-refund-intent", () => ({
  resolveInstallmentsRefundIntentWorkflow: () => ({
    run: async ({ input }: { input: { id: string } }) => {
      steps.push(`resolve ${input.id}`)
      await new Promise((resolve) => setImmediate(resolve))
    },
  }),
}))
jest.mock("../../workflows/retry-failed-refund", () => ({
  retryInstallmentsRefundWorkflow: () => ({
    run: async ({ input }: { input: { id: string } }) => {
      steps.push(`retry ${input.id}`)
    },
  }),
}))

import resolveRefundIntents from "../resolve-refund-intents"
import retryFailedRefunds from "../retry-failed-refunds"

/** Medusa's locking module as `execute` behaves: one holder per key at a time, the others wait. */
function locking() {
  const held = new Map<string, Promise<void>>()
  const calls: { key: string; expire?: number }[] = []
  return {
    calls,
    async execute<T>(key: string, job: () => Promise<T>, args: { expire?: number } = {}): Promise<T> {
      calls.push({ key, expire: args.expire })
      while (held.has(key)) await held.get(key)
      let release!: () => void
      held.set(key, new Promise<void>((resolve) => (release = resolve)))
      steps.push(`lock ${key}`)
      try {
        return await job()
      } finally {
        steps.push(`unlock ${key}`)
        held.delete(key)
        release()
      }
    },
  }
}

function container(rows: { id: string; transaction_id: string; provider_id: string; next_retry_at?: Date }[]) {
  const lock = locking()
  const config = configWithPayment({
    providers: [
      {
        resolve: "./src/providers/installments",
        id: "installments",
        options: {
          secretKey: "sk_x",
          publicKey: "sandbox-pk",
          baseUrl: "https://installments.test",
          storeId: "0f8fad5b-d9cb-469f-a165-70867728950e",
          callbackUrl: "https://shop.test/return?s={session_id}",
          deadlineMs: 40_000,
        },
      },
    ],
  })
  const ledger = {
    listRefundsToResolve: async () => rows,
    listDueRefundRetries: async () => rows.map((row) => ({ ...row, next_retry_at: row.next_retry_at ?? new Date() })),
  }
  const services: Record<string, unknown> = {
    [INSTALLMENTS_MODULE]: ledger,
    [Modules.LOCKING]: lock,
    [ContainerRegistrationKeys.CONFIG_MODULE]: config,
    [ContainerRegistrationKeys.LOGGER]: { warn: jest.fn(), info: jest.fn(), error: jest.fn() },
  }
  return { lock, container: { resolve: (key: string) => services[key] } as never }
}

beforeEach(() => {
  steps.length = 0
})

describe("the refund jobs hold the transaction's lock", () => {
  it("the resolver settles each row inside its transaction's lock, held as long as a refund and its record may take", async () => {
    const { lock, container: scope } = container([{ id: "iref_1", transaction_id: "tx_1", provider_id: "installments" }])
    await resolveRefundIntents(scope)
    expect(steps).toEqual(["lock installments_refund:tx_1", "resolve iref_1", "unlock installments_refund:tx_1"])
    // Two refunds' calls (the intent's, then Medusa's record of it) at the registration's 40 s, and 30 s.
    expect(lock.calls).toEqual([{ key: "installments_refund:tx_1", expire: 270 }])
  })

  it("two resolver runs at once never settle one transaction's row side by side", async () => {
    const { container: scope } = container([{ id: "iref_1", transaction_id: "tx_1", provider_id: "installments" }])
    await Promise.all([resolveRefundIntents(scope), resolveRefundIntents(scope)])
    expect(steps).toEqual([
      "lock installments_refund:tx_1",
      "resolve iref_1",
      "unlock installments_refund:tx_1",
      "lock installments_refund:tx_1",
      "resolve iref_1",
      "unlock installments_refund:tx_1",
    ])
  })

  it("the retry job retries each due row inside its transaction's lock", async () => {
    const { lock, container: scope } = container([{ id: "iref_2", transaction_id: "tx_2", provider_id: "installments" }])
    await retryFailedRefunds(scope)
    expect(steps).toEqual(["lock installments_refund:tx_2", "retry iref_2", "unlock installments_refund:tx_2"])
    expect(lock.calls).toEqual([{ key: "installments_refund:tx_2", expire: 150 }])
  })
})
