import type InstallmentsModuleService from "../service"
import type { IntentOutcome } from "../../../installments/refunds/intent"
import { fakeModule } from "./helpers/fake-module"
import { asRegistrationId } from "../../../installments/registrations/provider-ids"
import { cancelRefundKey, causeKeyOf, medusaRefundKey, orphanRefundKey, returnRefundKey } from "../../../installments/refunds/keys"

const entry = (id: string, status: "P" | "R" = "P", rrn: string | null = null, idempotency_key = "ref_1", amount = "40.00") => ({
  id,
  status,
  amount,
  gateway_transaction_id: `RF-${id}`,
  gateway_key_type: "RefundReference",
  rrn,
  idempotency_key,
  order_refund_id: null,
})

const TX = "tx_1"
const intent = (overrides: Record<string, unknown> = {}) => ({
  idempotency_key: "return-ret_1-pay_1",
  provider_id: asRegistrationId("installments"),
  transaction_id: TX,
  payment_id: "pay_1",
  order_id: "order_1",
  return_id: "ret_1",
  source: "return" as const,
  amount: "69.00",
  ...overrides,
})
const open = (svc: InstallmentsModuleService, overrides: Record<string, unknown> = {}) =>
  svc.writeRefundLedger({ kind: "open", transaction_id: TX, intent: intent(overrides) }).then((result) => result.opening!)
const outcome = (svc: InstallmentsModuleService, row_id: string, result: IntentOutcome) =>
  svc.writeRefundLedger({ kind: "outcome", transaction_id: TX, row_id, outcome: result })
const sync = (svc: InstallmentsModuleService, tracker: ReturnType<typeof entry>[], extra: Record<string, unknown> = {}) =>
  svc.writeRefundLedger({
    kind: "tracker",
    transaction_id: TX,
    sync: { provider_id: asRegistrationId("installments"), tracker, ...extra },
  })

describe("refund ledger: one writer, intents before calls", () => {
  it("writes the intent under its cause's key before anything is sent", async () => {
    const { svc, refunds } = fakeModule()
    const opening = await open(svc)
    expect(opening).toMatchObject({ kind: "send", idempotency_key: "return-ret_1-pay_1" })
    expect(refunds.rows).toEqual([
      expect.objectContaining({ id: opening.row_id, status: "sending", amount: "69.00", source: "return" }),
    ])
  })

  it("while one intent of a transaction is unresolved, another cause is blocked and kept as a failed row due for a retry", async () => {
    const { svc, refunds } = fakeModule()
    const first = await open(svc)
    await outcome(svc, first.row_id, { kind: "unknown" })
    const second = await open(svc, { idempotency_key: "cancel-pay_1", source: "cancel", amount: "10.00" })
    expect(second).toEqual({ kind: "blocked", row_id: first.row_id, amount: "69.00" })
    const waiting = refunds.rows.find((row) => row.idempotency_key === "cancel-pay_1")
    expect(waiting).toMatchObject({ status: "failed", retryable: true })
    expect(String(waiting!.failure_reason)).toContain("69.00 SAR")
    // Medusa's own request (no key of ours) is refused outright: no row.
    expect(await open(svc, { idempotency_key: undefined, medusa_refund_id: "ref_2", source: "admin", amount: "5.00" })).toMatchObject({
      kind: "blocked",
    })
    expect(refunds.rows).toHaveLength(2)
  })

  it("two intents on one transaction at the same moment: one is sent, the other waits", async () => {
    const { svc } = fakeModule()
    const openings = await Promise.all([open(svc), open(svc, { idempotency_key: "cancel-pay_1", source: "cancel" })])
    expect(openings.map((opening) => opening.kind).sort()).toEqual(["blocked", "send"])
  })

  it("a key the tracker lists is applied: never sent again", async () => {
    const { svc } = fakeModule()
    const first = await open(svc)
    await outcome(svc, first.row_id, { kind: "accepted", amount: "69.00", recorded_by_medusa: true })
    expect(await open(svc)).toMatchObject({ kind: "applied", amount: "69.00" })
  })

  it("an intent never received is failed and retried under the same key, keeping its row", async () => {
    const { svc, refunds } = fakeModule()
    const first = await open(svc)
    await outcome(svc, first.row_id, { kind: "unknown" })
    const { row } = await outcome(svc, first.row_id, { kind: "not_applied" })
    expect(row).toMatchObject({ status: "failed", retryable: true })
    expect(row!.next_retry_at).toBeTruthy()
    const again = await open(svc)
    expect(again).toEqual({ kind: "send", row_id: first.row_id, idempotency_key: "return-ret_1-pay_1" })
    expect(refunds.rows).toHaveLength(1)
    expect(refunds.rows[0]).toMatchObject({ status: "sending", attempts: 1 })
  })

  it("Medusa's run that names the intent a plugin flow opened for it (its refund's metadata) sends it under that key", async () => {
    const { svc, refunds } = fakeModule()
    const first = await open(svc)
    const adopted = await open(svc, { medusa_refund_id: "ref_9", source: "admin" })
    expect(adopted).toEqual({ kind: "send", row_id: first.row_id, idempotency_key: "return-ret_1-pay_1" })
    expect(refunds.rows[0]).toMatchObject({ medusa_refund_id: "ref_9", source: "return" })
  })

  it("a refund of Medusa's own of the same amount never takes over a plugin flow's intent: it waits for it", async () => {
    // A return's run died after Medusa's refund row; the merchant then refunds the same amount.
    const { svc, refunds } = fakeModule()
    await open(svc)
    const merchant = await open(svc, { idempotency_key: undefined, medusa_refund_id: "ref_9", source: "admin" })
    expect(merchant).toMatchObject({ kind: "blocked" })
    expect(refunds.rows).toEqual([expect.objectContaining({ idempotency_key: "return-ret_1-pay_1", medusa_refund_id: null })])
  })

  it("an applied refund Medusa gave up on is claimed once by the Medusa run that records it", async () => {
    const { svc, refunds } = fakeModule()
    const first = await open(svc, { idempotency_key: undefined, medusa_refund_id: "ref_1", source: "admin", amount: "100.00" })
    await outcome(svc, first.row_id, { kind: "unknown" })
    // The resolver finds it applied: Medusa deleted its refund, so it is to be recorded there.
    await outcome(svc, first.row_id, { kind: "accepted", amount: "100.00", recorded_by_medusa: false })
    expect(refunds.rows[0]).toMatchObject({ status: "P", record_in_medusa: true })
    const recording = await open(svc, { idempotency_key: undefined, medusa_refund_id: "ref_2", source: "admin", amount: "100.00" })
    expect(recording).toEqual({ kind: "recorded", row_id: first.row_id, idempotency_key: medusaRefundKey("ref_1").key })
    expect(refunds.rows[0]).toMatchObject({ record_in_medusa: false, medusa_refund_id: "ref_2" })
    // A second request of the same amount is a new refund, under Medusa's new id.
    expect(
      await open(svc, { idempotency_key: undefined, medusa_refund_id: "ref_3", source: "admin", amount: "100.00" })
    ).toMatchObject({
      kind: "send",
      idempotency_key: medusaRefundKey("ref_3").key,
    })
  })

  it("a refusal the merchant saw in the admin is not retried by the plugin; a return's is", async () => {
    const { svc } = fakeModule()
    const failure = { reason: "Balance too low.", retryable: true }
    const admin = await open(svc, { idempotency_key: undefined, medusa_refund_id: "ref_1", source: "admin" })
    expect((await outcome(svc, admin.row_id, { kind: "refused", failure })).row).toMatchObject({ status: "failed", retryable: false })
    const lost = await open(svc, {
      idempotency_key: undefined,
      medusa_refund_id: "ref_lost",
      source: "admin",
      transaction_id: TX,
      amount: "1.00",
    })
    expect(lost.kind).toBe("send")
    expect((await outcome(svc, lost.row_id, { kind: "not_applied" })).row).toMatchObject({ status: "failed", retryable: false })
    const ret = await open(svc)
    expect((await outcome(svc, ret.row_id, { kind: "refused", failure })).row).toMatchObject({ status: "failed", retryable: true })
  })

  it("the tracker resolves an unknown intent Medusa's run gave up on: it is left for the resolver to record in Medusa", async () => {
    const { svc, refunds } = fakeModule()
    const first = await open(svc, { idempotency_key: undefined, medusa_refund_id: "ref_1", source: "admin", amount: "40.00" })
    await outcome(svc, first.row_id, { kind: "unknown" })
    await sync(svc, [entry("a", "P", null, medusaRefundKey("ref_1").key, "40.00")])
    expect(refunds.rows[0]).toMatchObject({ status: "P", record_in_medusa: true })
    // An intent still being sent by Medusa's run is that run's to record: the tracker does not mark it.
    const { svc: other, refunds: otherRows } = fakeModule()
    await open(other, { idempotency_key: undefined, medusa_refund_id: "ref_2", source: "admin", amount: "40.00" })
    await sync(other, [entry("b", "P", null, medusaRefundKey("ref_2").key, "40.00")])
    expect(otherRows.rows[0]).toMatchObject({ status: "P" })
    expect(otherRows.rows[0].record_in_medusa).toBeFalsy()
  })

  it.each([
    ["a return's", returnRefundKey("pay_1", "ret_1", "order_1"), { source: "return" }],
    ["a cancel's", cancelRefundKey("pay_1"), { source: "cancel", return_id: null }],
    ["an orphan's", orphanRefundKey(TX), { source: "orphan", return_id: null }],
    ["a merchant's", medusaRefundKey("ref_1"), { source: "admin", return_id: null }],
  ] as const)(
    "%s row of 0.1.0 (readable key) is the same cause: found and sent again under that key, never the UUID",
    async (_cause, cause, fields) => {
      const { svc, refunds } = fakeModule()
      const [uuid, readable] = cause.known
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      await refunds.create({ ...intent(fields), idempotency_key: readable, status: "failed", retryable: true, tracker_id: null })
      const reopened =
        fields.source === "admin"
          ? await open(svc, { idempotency_key: undefined, medusa_refund_id: "ref_1", ...fields })
          : await open(svc, { ...causeKeyOf(cause), ...fields })
      expect(reopened).toEqual({ kind: "send", row_id: refunds.rows[0].id, idempotency_key: readable })
      expect(refunds.rows).toHaveLength(1)
      // The service lists it under that key: the same row is settled, no second row under the UUID.
      await sync(svc, [entry("a", "P", null, readable, "69.00")])
      expect(refunds.rows).toEqual([expect.objectContaining({ idempotency_key: readable, tracker_id: "a", status: "P" })])
    }
  )

  it("the tracker resolves an intent under its key and settles it", async () => {
    const { svc, refunds } = fakeModule()
    const first = await open(svc)
    await outcome(svc, first.row_id, { kind: "unknown" })
    expect((await sync(svc, [entry("a", "R", "rrn-a", "return-ret_1-pay_1", "69.00")])).pending).toBe(0)
    expect(refunds.rows).toEqual([
      expect.objectContaining({ id: first.row_id, tracker_id: "a", status: "R", rrn: "rrn-a", source: "return" }),
    ])
  })

  it("two tracker syncs of one transaction at the same moment take turns: one row per entry", async () => {
    const { svc, refunds } = fakeModule()
    await Promise.all([sync(svc, [entry("a")], { payment_id: "pay_1" }), sync(svc, [entry("a"), entry("b", "R", "rrn-b", "ref_2")])])
    expect(refunds.rows.map((row) => row.tracker_id).sort()).toEqual(["a", "b"])
    expect(refunds.rows.find((row) => row.tracker_id === "a")).toMatchObject({ payment_id: "pay_1", status: "P" })
  })

  it("names where a refund came from: an attribution wins, a default fills only what nothing named", async () => {
    const { svc, refunds } = fakeModule()
    await sync(svc, [entry("a", "P", null, "cancel-pay_1"), entry("b", "P", null, "ref_2")], { default_source: "admin" })
    expect(refunds.rows.find((row) => row.tracker_id === "a")).toMatchObject({ source: "cancel" })
    expect(refunds.rows.find((row) => row.tracker_id === "b")).toMatchObject({ source: "admin" })
  })

  it("a refund no longer owed leaves the retry schedule, saying why", async () => {
    const { svc, refunds } = fakeModule()
    const first = await open(svc)
    await outcome(svc, first.row_id, { kind: "refused", failure: { reason: "Balance too low.", retryable: true } })
    await svc.writeRefundLedger({ kind: "stop-retrying", transaction_id: TX, row_id: first.row_id, why: "Not owed any more." })
    expect(refunds.rows[0]).toMatchObject({
      retryable: false,
      next_retry_at: null,
      failure_reason: "Balance too low. Not owed any more.",
    })
  })
})

describe("disputes", () => {
  it("records a dispute delivery once", async () => {
    const { svc, disputes } = fakeModule()
    const dispute = {
      transaction_id: "tx_1",
      payment_id: "pay_1",
      order_id: "order_1",
      provider_id: asRegistrationId("installments"),
      event_id: "evt_1",
      disputed_at: new Date("2026-11-22T10:00:00Z"),
    }
    expect(await svc.recordDispute(dispute)).toBe(true)
    expect(await svc.recordDispute(dispute)).toBe(false)
    expect(disputes.rows).toHaveLength(1)
  })
})

describe("webhook keys", () => {
  const key = (publicKey: string) => ({
    prefix: "whk_1",
    public_key: publicKey,
    environment: "sandbox",
    provider_id: asRegistrationId("installments"),
    endpoint_id: "1",
    url: "https://shop.test/hooks",
  })
  const LIVE = { provider_id: asRegistrationId("installments"), environment: "production" }

  it("verifies a registration's deliveries only with the keys made for it and its environment", async () => {
    const { svc } = fakeModule()
    await svc.upsertWebhookKey({ ...key("PEM-sandbox"), prefix: "whk_sandbox" })
    await svc.upsertWebhookKey({ ...key("PEM-live"), prefix: "whk_live", environment: "production" })
    await svc.upsertWebhookKey({
      ...key("PEM-other"),
      prefix: "whk_other",
      environment: "production",
      provider_id: asRegistrationId("bnpl"),
    })
    await svc.upsertWebhookKey({ ...key("PEM-old"), prefix: "whk_old", environment: "production", provider_id: null as never })
    expect(await svc.webhookKeysForVerification(LIVE)).toEqual([{ prefix: "whk_live", publicKey: "PEM-live" }])
    expect(await svc.webhookKeysForVerification({ provider_id: asRegistrationId("installments"), environment: "sandbox" })).toEqual([
      { prefix: "whk_sandbox", publicKey: "PEM-sandbox" },
    ])
    expect(await svc.webhookKeysForVerification({ provider_id: asRegistrationId("bnpl"), environment: "sandbox" })).toEqual([])
  })

  it("reads the keys fresh at most once a second, however many refusals ask for it", async () => {
    const { svc, keys } = fakeModule()
    await svc.upsertWebhookKey({ ...key("PEM-1"), environment: "production" })
    let reads = 0
    const list = keys.list
    // Counts the reads of every key (the upsert's own lookup by prefix is not one).
    Object.assign(svc, {
      listWebhookKeys: (filters: Record<string, unknown> = {}, config = {}) => {
        reads += Object.keys(filters).length ? 0 : 1
        return list(filters, config)
      },
    })
    const now = jest.spyOn(Date, "now").mockReturnValue(1_000_000)
    try {
      await svc.webhookKeysForVerification(LIVE)
      expect(reads).toBe(1)
      // A flood of forged deliveries, each asking for a fresh read before its refusal, at once and in turn.
      await Promise.all(Array.from({ length: 50 }, () => svc.webhookKeysForVerification(LIVE, { fresh: true })))
      for (let i = 0; i < 50; i++) await svc.webhookKeysForVerification(LIVE, { fresh: true })
      expect(reads).toBe(1)
      now.mockReturnValue(1_001_000)
      await Promise.all(Array.from({ length: 50 }, () => svc.webhookKeysForVerification(LIVE, { fresh: true })))
      expect(reads).toBe(2)
      // A key added in this process is read at once, whatever the interval.
      await svc.upsertWebhookKey({ ...key("PEM-2"), prefix: "whk_2", environment: "production" })
      expect(await svc.webhookKeysForVerification(LIVE, { fresh: true })).toHaveLength(2)
      expect(reads).toBe(3)
    } finally {
      now.mockRestore()
    }
  })

  it("stores a key again under the same prefix by replacing it, and says what was there", async () => {
    const { svc, keys } = fakeModule()
    const first = await svc.upsertWebhookKey(key("PEM-1"))
    expect(first.previous).toBeUndefined()
    const second = await svc.upsertWebhookKey(key("PEM-2"))
    expect(second.previous).toMatchObject({ public_key: "PEM-1" })
    expect(keys.rows).toHaveLength(1)
    expect(keys.rows[0]).toMatchObject({ public_key: "PEM-2" })
  })

  it("two registrations racing on one prefix both succeed", async () => {
    const { svc, keys } = fakeModule()
    await Promise.all([svc.upsertWebhookKey(key("PEM-1")), svc.upsertWebhookKey(key("PEM-2"))])
    expect(keys.rows).toHaveLength(1)
  })
})

describe("webhook events", () => {
  it("a forgotten delivery id can be recorded again; a recorded one cannot", async () => {
    const { svc } = fakeModule()
    const delivery = { event_id: "evt_1", event_name: "order.success" }
    expect(await svc.recordWebhookEvent(delivery)).toBe(true)
    expect(await svc.recordWebhookEvent(delivery)).toBe(false)
    await svc.forgetWebhookEvent("evt_1")
    expect(await svc.recordWebhookEvent(delivery)).toBe(true)
  })

  it("copies of one event (one per registered endpoint) at once: one is recorded, the others are duplicates without a statement", async () => {
    const { svc, events } = fakeModule()
    const manager = (svc as unknown as { baseRepository_: { getFreshManager(): { execute: jest.Mock } } }).baseRepository_
    const fresh = manager.getFreshManager.bind(manager)
    const statements = jest.fn()
    jest.spyOn(manager, "getFreshManager").mockImplementation(() => {
      const em = fresh()
      return { execute: (...args: Parameters<typeof em.execute>) => (statements(), em.execute(...args)) } as never
    })
    const delivery = { event_id: "evt_copies", event_name: "order.success" }
    const answers = await Promise.all([1, 2, 3].map(() => svc.recordWebhookEvent(delivery)))
    expect(answers.sort()).toEqual([false, false, true])
    expect(await svc.recordWebhookEvent(delivery)).toBe(false)
    expect(statements).toHaveBeenCalledTimes(1)
    expect(events.rows).toHaveLength(1)
  })

  it("an id recorded by another process is still refused by the table", async () => {
    const { svc, events } = fakeModule()
    events.rows.push({ id: "row_other", event_id: "evt_elsewhere" })
    const delivery = { event_id: "evt_elsewhere", event_name: "order.success" }
    expect(await svc.recordWebhookEvent(delivery)).toBe(false)
    expect(await svc.recordWebhookEvent(delivery)).toBe(false)
    expect(events.rows).toHaveLength(1)
  })

  it("a copy waiting on an insert that failed tries its own", async () => {
    const { svc, events } = fakeModule()
    const manager = (svc as unknown as { baseRepository_: { getFreshManager(): { execute: jest.Mock } } }).baseRepository_
    const fresh = manager.getFreshManager.bind(manager)
    let failures = 1
    jest.spyOn(manager, "getFreshManager").mockImplementation(() => {
      const em = fresh()
      return {
        execute: async (...args: Parameters<typeof em.execute>) => {
          if (failures-- > 0) {
            await new Promise((resolve) => setImmediate(resolve))
            throw new Error("connection reset")
          }
          return em.execute(...args)
        },
      } as never
    })
    const delivery = { event_id: "evt_retry", event_name: "order.success" }
    const [first, second] = await Promise.allSettled([svc.recordWebhookEvent(delivery), svc.recordWebhookEvent(delivery)])
    expect(first).toMatchObject({ status: "rejected", reason: expect.objectContaining({ message: "connection reset" }) })
    expect(second).toEqual({ status: "fulfilled", value: true })
    expect(events.rows).toHaveLength(1)
  })
})

describe("this store's instance identity (D33)", () => {
  it("is made once, at random, and answered again without a read", async () => {
    const { svc, marks } = fakeModule()
    const first = await svc.instanceId()
    expect(first).toMatch(/^inst_[0-9a-f-]{36}$/)
    const list = jest.spyOn(svc, "listInstallmentsSweepMarks")
    expect(await svc.instanceId()).toBe(first)
    expect(list).not.toHaveBeenCalled()
    expect(marks.rows.map((row) => [row.name, row.id])).toEqual([["instance", first]])
    // Another store's database makes another.
    expect(await fakeModule().svc.instanceId()).not.toBe(first)
  })

  it("two processes of one store starting at once agree on one identity", async () => {
    const server = fakeModule()
    const worker = fakeModule()
    // One database: the worker's module reads and writes the server's marks.
    Object.assign(worker.svc, {
      listInstallmentsSweepMarks: server.marks.list,
      createInstallmentsSweepMarks: server.marks.create,
    })
    const [a, b] = await Promise.all([server.svc.instanceId(), worker.svc.instanceId()])
    expect(a).toBe(b)
    expect(server.marks.rows).toHaveLength(1)
  })

  it("a read that failed is tried again by the next call", async () => {
    const { svc, marks } = fakeModule()
    Object.assign(svc, { listInstallmentsSweepMarks: async () => Promise.reject(new Error("connection reset")) })
    await expect(svc.instanceId()).rejects.toThrow("connection reset")
    Object.assign(svc, { listInstallmentsSweepMarks: marks.list })
    expect(await svc.instanceId()).toMatch(/^inst_/)
  })
})
