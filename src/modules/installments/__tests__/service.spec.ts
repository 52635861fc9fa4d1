import InstallmentsModuleService from "../service"

type Row = Record<string, unknown> & { id: string }

/** An in-memory table with a unique column, answering after a tick as a database would. */
function table(unique: string) {
  const rows: Row[] = []
  let seq = 0
  const tick = () => new Promise((resolve) => setImmediate(resolve))
  const matches = (row: Row, filters: Record<string, unknown>) => Object.entries(filters).every(([key, value]) => row[key] === value)
  return {
    rows,
    async list(filters: Record<string, unknown> = {}, config: { take?: number } = {}) {
      await tick()
      const found = rows.filter((row) => matches(row, filters)).map((row) => ({ ...row }))
      return config.take ? found.slice(0, config.take) : found
    },
    async create(input: Record<string, unknown> | Record<string, unknown>[]) {
      await tick()
      const items = Array.isArray(input) ? input : [input]
      for (const item of items) {
        if (item[unique] != null && rows.some((row) => row[unique] === item[unique])) {
          throw new Error(`duplicate key value violates unique constraint on ${unique}`)
        }
      }
      const created = items.map((item) => ({ ...item, id: `row_${++seq}` }))
      rows.push(...created)
      return Array.isArray(input) ? created : created[0]
    },
    async update(input: Row | Row[]) {
      await tick()
      const items = Array.isArray(input) ? input : [input]
      const updated = items.map((item) => {
        const row = rows.find((candidate) => candidate.id === item.id)!
        Object.assign(row, item)
        return { ...row }
      })
      return Array.isArray(input) ? updated : updated[0]
    },
    async remove(ids: string | string[]) {
      for (const id of Array.isArray(ids) ? ids : [ids]) {
        rows.splice(rows.findIndex((row) => row.id === id), 1)
      }
    },
  }
}

function service() {
  const refunds = table("tracker_id")
  const keys = table("prefix")
  const events = table("event_id")
  const disputes = table("event_id")
  const svc = Object.create(InstallmentsModuleService.prototype) as InstallmentsModuleService
  Object.assign(svc, {
    // Medusa's repository: one database transaction per call of a transactional method.
    baseRepository_: { transaction: (work: (manager: unknown) => Promise<unknown>) => work({}) },
    listInstallmentsRefunds: refunds.list,
    createInstallmentsRefunds: refunds.create,
    updateInstallmentsRefunds: refunds.update,
    softDeleteInstallmentsRefunds: refunds.remove,
    listInstallmentsDisputes: disputes.list,
    createInstallmentsDisputes: disputes.create,
    listWebhookKeys: keys.list,
    createWebhookKeys: keys.create,
    updateWebhookKeys: keys.update,
    listWebhookEvents: events.list,
    createWebhookEvents: events.create,
    deleteWebhookEvents: events.remove,
  })
  return { svc, refunds, keys, events, disputes }
}

const entry = (id: string, status: "P" | "R" = "P", rrn: string | null = null, idempotency_key = "ref_1") => ({
  id,
  status,
  amount: "40.00",
  gateway_transaction_id: `RF-${id}`,
  gateway_key_type: "RefundReference",
  rrn,
  idempotency_key,
  order_refund_id: null,
})

const failure = {
  provider_id: "installments",
  transaction_id: "tx_1",
  payment_id: "pay_1",
  order_id: "order_1",
  return_id: "ret_1",
  source: "return" as const,
  amount: "69.00",
  idempotency_key: null,
  failure: { reason: "Your merchant balance at the installments service is too low to cover this refund.", retryable: true },
  now: new Date("2026-11-22T10:00:00Z"),
}

describe("refund ledger", () => {
  it("two syncs of one transaction at the same moment upsert on tracker_id instead of failing", async () => {
    const { svc, refunds } = service()
    const common = { provider_id: "installments", transaction_id: "tx_1" }
    const [fromRefund, fromWebhook] = await Promise.all([
      svc.syncRefundEntries({ ...common, payment_id: "pay_1", tracker: [entry("a")] }),
      svc.syncRefundEntries({ ...common, tracker: [entry("a"), entry("b", "R", "rrn-b")] }),
    ])
    expect([fromRefund, fromWebhook]).toEqual([1, 1])
    expect(refunds.rows.map((row) => row.tracker_id).sort()).toEqual(["a", "b"])
    // The payment one writer knew is kept whichever wrote last.
    expect(refunds.rows.find((row) => row.tracker_id === "a")).toMatchObject({ payment_id: "pay_1", status: "P" })
    expect(refunds.rows.find((row) => row.tracker_id === "b")).toMatchObject({ status: "R", rrn: "rrn-b" })
  })

  it("settles an entry it already holds", async () => {
    const { svc, refunds } = service()
    const common = { provider_id: "installments", transaction_id: "tx_1" }
    await svc.syncRefundEntries({ ...common, tracker: [entry("a")] })
    expect(await svc.syncRefundEntries({ ...common, tracker: [entry("a", "R", "rrn-a")] })).toBe(0)
    expect(refunds.rows).toHaveLength(1)
    expect(refunds.rows[0]).toMatchObject({ status: "R", rrn: "rrn-a" })
  })
})

describe("refund ledger: sources and failures", () => {
  const common = { provider_id: "installments", transaction_id: "tx_1" }

  it("names where a refund came from: an attribution wins, a default fills only what nothing named", async () => {
    const { svc, refunds } = service()
    await svc.syncRefundEntries({ ...common, tracker: [entry("a")], default_source: "admin" })
    await svc.syncRefundEntries({ ...common, order_id: "order_1", tracker: [entry("a")], attributions: { ref_1: { source: "return", return_id: "ret_1" } } })
    await svc.syncRefundEntries({ ...common, tracker: [entry("a", "R", "rrn-a")], default_source: "cancel" })
    expect(refunds.rows).toHaveLength(1)
    expect(refunds.rows[0]).toMatchObject({ source: "return", return_id: "ret_1", order_id: "order_1", status: "R" })
    await svc.syncRefundEntries({ ...common, tracker: [entry("b", "P", null, "orphan-tx_1"), entry("c", "P", null, "cancel-pay_1")] })
    expect(refunds.rows.map((row) => row.source)).toEqual(["return", "orphan", "cancel"])
  })

  it("keeps one failed row per payment and source, counting the attempts", async () => {
    const { svc, refunds } = service()
    const first = await svc.recordRefundFailure(failure)
    expect(first).toMatchObject({ status: "failed", tracker_id: null, attempts: 1, source: "return", order_id: "order_1" })
    expect(first.next_retry_at).toEqual(new Date("2026-11-22T10:05:00Z"))
    await svc.recordRefundFailure({ ...failure, amount: "70.00" })
    expect(refunds.rows).toHaveLength(1)
    // The second refusal waits twice as long.
    expect(refunds.rows[0]).toMatchObject({ id: first.id, attempts: 2, amount: "70.00", next_retry_at: new Date("2026-11-22T10:10:00Z") })
  })

  it("a retried refund the service then lists takes over its failed row, even when another writer got there first", async () => {
    const { svc, refunds } = service()
    const failed = await svc.recordRefundFailure(failure)
    // payment.refunded synced the retry's refund before the row was given its key...
    await svc.syncRefundEntries({ ...common, payment_id: "pay_1", tracker: [entry("a", "P", null, "ref_retry")], default_source: "admin" })
    await svc.acceptRetriedRefund({ payment_id: "pay_1", source: "return", retry_of: failed.id, idempotency_key: "ref_retry" })
    await svc.syncRefundEntries({ ...common, tracker: [entry("a", "R", "rrn-a", "ref_retry")], attributions: { ref_retry: { source: "return" } } })
    expect(refunds.rows).toHaveLength(1)
    expect(refunds.rows[0]).toMatchObject({
      id: failed.id,
      tracker_id: "a",
      status: "R",
      rrn: "rrn-a",
      source: "return",
      failure_reason: null,
      retryable: false,
      next_retry_at: null,
    })
  })

  it("a refund no longer owed leaves the retry schedule, saying why", async () => {
    const { svc, refunds } = service()
    const failed = await svc.recordRefundFailure(failure)
    await svc.stopRetryingRefund(failed.id, "Not retried any more: the order no longer owes this refund.")
    expect(refunds.rows[0]).toMatchObject({ retryable: false, next_retry_at: null })
    expect(refunds.rows[0].failure_reason).toMatch(/too low to cover this refund\. Not retried any more/)
  })

  it("a sync that lost a race to another process's insert runs again and updates the winner's row", async () => {
    const { svc, refunds } = service()
    const common = { provider_id: "installments", transaction_id: "tx_1" }
    // Another process inserts entry a between this sync's read and its write.
    const list = refunds.list
    let raced = false
    Object.assign(svc, {
      listInstallmentsRefunds: async (...args: Parameters<typeof list>) => {
        const rows = await list(...args)
        if (!raced) {
          raced = true
          await refunds.create({ tracker_id: "a", transaction_id: "tx_1", status: "P", source: "admin" })
        }
        return rows
      },
    })
    expect(await svc.syncRefundEntries({ ...common, order_id: "order_1", tracker: [entry("a", "R", "rrn-a")] })).toBe(0)
    expect(refunds.rows).toHaveLength(1)
    expect(refunds.rows[0]).toMatchObject({ tracker_id: "a", status: "R", rrn: "rrn-a", order_id: "order_1", source: "admin" })
  })
})

describe("disputes", () => {
  it("records a dispute delivery once", async () => {
    const { svc, disputes } = service()
    const dispute = {
      transaction_id: "tx_1",
      payment_id: "pay_1",
      order_id: "order_1",
      provider_id: "installments",
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
    provider_id: "installments",
    endpoint_id: "1",
    url: "https://shop.test/hooks",
  })
  const LIVE = { provider_id: "installments", environment: "production" }

  it("verifies a registration's deliveries only with the keys made for it and its environment", async () => {
    const { svc } = service()
    await svc.upsertWebhookKey({ ...key("PEM-sandbox"), prefix: "whk_sandbox" })
    await svc.upsertWebhookKey({ ...key("PEM-live"), prefix: "whk_live", environment: "production" })
    await svc.upsertWebhookKey({ ...key("PEM-other"), prefix: "whk_other", environment: "production", provider_id: "bnpl" })
    await svc.upsertWebhookKey({ ...key("PEM-old"), prefix: "whk_old", environment: "production", provider_id: null as never })
    expect(await svc.webhookKeysForVerification(LIVE)).toEqual([{ prefix: "whk_live", publicKey: "PEM-live" }])
    expect(await svc.webhookKeysForVerification({ provider_id: "installments", environment: "sandbox" })).toEqual([
      { prefix: "whk_sandbox", publicKey: "PEM-sandbox" },
    ])
    expect(await svc.webhookKeysForVerification({ provider_id: "bnpl", environment: "sandbox" })).toEqual([])
  })

  it("reads the keys fresh at most once a second, however many refusals ask for it", async () => {
    const { svc, keys } = service()
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
    const { svc, keys } = service()
    const first = await svc.upsertWebhookKey(key("PEM-1"))
    expect(first.previous).toBeUndefined()
    const second = await svc.upsertWebhookKey(key("PEM-2"))
    expect(second.previous).toMatchObject({ public_key: "PEM-1" })
    expect(keys.rows).toHaveLength(1)
    expect(keys.rows[0]).toMatchObject({ public_key: "PEM-2" })
  })

  it("two registrations racing on one prefix both succeed", async () => {
    const { svc, keys } = service()
    await Promise.all([svc.upsertWebhookKey(key("PEM-1")), svc.upsertWebhookKey(key("PEM-2"))])
    expect(keys.rows).toHaveLength(1)
  })
})

describe("webhook events", () => {
  it("a forgotten delivery id can be recorded again; a recorded one cannot", async () => {
    const { svc } = service()
    const delivery = { event_id: "evt_1", event_name: "order.success" }
    expect(await svc.recordWebhookEvent(delivery)).toBe(true)
    expect(await svc.recordWebhookEvent(delivery)).toBe(false)
    await svc.forgetWebhookEvent("evt_1")
    expect(await svc.recordWebhookEvent(delivery)).toBe(true)
  })

  it("copies of one event (one per registered endpoint) at once: one is recorded, the others are duplicates without a failed insert", async () => {
    const { svc, events } = service()
    const inserts = jest.spyOn(events, "create")
    const reads = jest.spyOn(events, "list")
    Object.assign(svc, { createWebhookEvents: events.create, listWebhookEvents: events.list })
    const delivery = { event_id: "evt_copies", event_name: "order.success" }
    const answers = await Promise.all([1, 2, 3].map(() => svc.recordWebhookEvent(delivery)))
    expect(answers.sort()).toEqual([false, false, true])
    expect(await svc.recordWebhookEvent(delivery)).toBe(false)
    expect(inserts).toHaveBeenCalledTimes(1)
    expect(reads).not.toHaveBeenCalled()
    expect(events.rows).toHaveLength(1)
  })

  it("an id recorded by another process is still refused by the table, and read once", async () => {
    const { svc, events } = service()
    events.rows.push({ id: "row_other", event_id: "evt_elsewhere" })
    const delivery = { event_id: "evt_elsewhere", event_name: "order.success" }
    expect(await svc.recordWebhookEvent(delivery)).toBe(false)
    expect(await svc.recordWebhookEvent(delivery)).toBe(false)
    expect(events.rows).toHaveLength(1)
  })

  it("a copy waiting on an insert that failed tries its own", async () => {
    const { svc, events } = service()
    let failures = 1
    const create = events.create
    Object.assign(svc, {
      createWebhookEvents: async (input: Record<string, unknown>) => {
        if (failures-- > 0) {
          await new Promise((resolve) => setImmediate(resolve))
          throw new Error("connection reset")
        }
        return create(input)
      },
    })
    const delivery = { event_id: "evt_retry", event_name: "order.success" }
    const [first, second] = await Promise.allSettled([svc.recordWebhookEvent(delivery), svc.recordWebhookEvent(delivery)])
    expect(first).toMatchObject({ status: "rejected", reason: expect.objectContaining({ message: "connection reset" }) })
    expect(second).toEqual({ status: "fulfilled", value: true })
    expect(events.rows).toHaveLength(1)
  })
})
