import InstallmentsModuleService from "../../service"

type Row = Record<string, unknown> & { id: string }

/** An in-memory table with a unique column, answering after a tick as a database would. */
export function table(unique: string) {
  const rows: Row[] = []
  let seq = 0
  const tick = () => new Promise((resolve) => setImmediate(resolve))
  // The filter forms the module uses: a value, a list of values, `$gt`, and `$or` of filters.
  const matches = (row: Row, filters: Record<string, unknown>): boolean =>
    Object.entries(filters).every(([key, value]) => {
      if (key === "$or") return (value as Record<string, unknown>[]).some((alternative) => matches(row, alternative))
      if (Array.isArray(value)) return value.includes(row[key])
      if (value && typeof value === "object" && "$gt" in value) return String(row[key]) > String((value as { $gt: unknown }).$gt)
      return row[key] === value
    })
  return {
    rows,
    async list(filters: Record<string, unknown> = {}, config: { take?: number; order?: Record<string, string> } = {}) {
      await tick()
      const found = rows.filter((row) => matches(row, filters)).map((row) => ({ ...row }))
      if (config.order?.id) found.sort((a, b) => (a.id < b.id ? -1 : 1))
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
      const created = items.map((item) => ({ updated_at: new Date(), ...item, id: (item.id as string | undefined) ?? `row_${++seq}` }))
      rows.push(...created)
      return Array.isArray(input) ? created : created[0]
    },
    async update(input: Row | Row[]) {
      await tick()
      const items = Array.isArray(input) ? input : [input]
      const updated = items.map((item) => {
        const row = rows.find((candidate) => candidate.id === item.id)!
        Object.assign(row, item, { updated_at: new Date() })
        return { ...row }
      })
      return Array.isArray(input) ? updated : updated[0]
    },
    async remove(ids: string | string[]) {
      for (const id of Array.isArray(ids) ? ids : [ids]) {
        rows.splice(
          rows.findIndex((row) => row.id === id),
          1
        )
      }
    },
  }
}

/**
 * Medusa's repository as the module's methods use it: one transaction per call, with Postgres's
 * advisory transaction locks (held until the transaction ends) as a mutex per key; and a fresh
 * manager whose `execute` runs the one raw statement the fake tables answer, the delivery record's
 * insert-unless-recorded (rows back as MikroORM's `execute` gives them: the `returning` ids).
 */
function repository(events: ReturnType<typeof table>) {
  const held = new Map<string, Promise<void>>()
  return {
    getFreshManager() {
      return {
        async execute(sql: string, [id, event_id, event_name, payment_link_id, provider_id]: unknown[]) {
          if (!sql.includes('insert into "installments_webhook_event"') || !sql.includes("on conflict")) {
            throw new Error(`the fake module does not run: ${sql}`)
          }
          await new Promise((resolve) => setImmediate(resolve))
          if (events.rows.some((row) => row.event_id === event_id)) return []
          events.rows.push({ id: id as string, event_id, event_name, payment_link_id, provider_id })
          return [{ id }]
        },
      }
    },
    async transaction(work: (manager: unknown) => Promise<unknown>) {
      const releases: (() => void)[] = []
      const manager = {
        async execute(_sql: string, [key]: [string]) {
          while (held.has(key)) await held.get(key)
          held.set(key, new Promise<void>((resolve) => releases.push(() => (held.delete(key), resolve()))))
        },
      }
      try {
        return await work(manager)
      } finally {
        releases.forEach((release) => release())
      }
    },
  }
}

/** The Installments module's service over in-memory tables: the real refund ledger writer, no database. */
export function fakeModule() {
  const refunds = table("tracker_id")
  const keys = table("prefix")
  const events = table("event_id")
  const disputes = table("event_id")
  const marks = table("name")
  const svc = Object.create(InstallmentsModuleService.prototype) as InstallmentsModuleService
  Object.assign(svc, {
    baseRepository_: repository(events),
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
    listInstallmentsSweepMarks: marks.list,
    createInstallmentsSweepMarks: marks.create,
    updateInstallmentsSweepMarks: marks.update,
  })
  return { svc, refunds, keys, events, disputes, marks }
}
