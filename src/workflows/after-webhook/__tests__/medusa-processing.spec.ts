import { Modules } from "@medusajs/framework/utils"
import { capturedPaymentRecorded, medusaWebhookDelayMs, waitUntil } from "../medusa-processing"

function fakeClock() {
  let now = 0
  const sleeps: number[] = []
  return {
    sleeps,
    options: {
      now: () => now,
      sleep: async (ms: number) => {
        sleeps.push(ms)
        now += ms
      },
    },
  }
}

describe("waitUntil", () => {
  it("returns as soon as the condition holds, without waiting further", async () => {
    const clock = fakeClock()
    let calls = 0
    const done = await waitUntil(async () => ++calls === 3, 15_000, clock.options)
    expect(done).toBe(true)
    expect(clock.sleeps).toEqual([500, 500])
  })

  it("gives up at the deadline, the last sleep cut to what is left", async () => {
    const clock = fakeClock()
    const done = await waitUntil(async () => false, 1_200, clock.options)
    expect(done).toBe(false)
    expect(clock.sleeps).toEqual([500, 500, 200])
  })
})

describe("medusaWebhookDelayMs", () => {
  const containerWith = (payment: unknown) => ({
    resolve: (name: string) => {
      if (name !== Modules.PAYMENT) throw new Error(`unexpected ${name}`)
      if (payment instanceof Error) throw payment
      return payment
    },
  })

  it("reads the Payment module's webhook_delay as Medusa's webhook route does, 5 s when unset", () => {
    expect(medusaWebhookDelayMs(containerWith({ options: { webhook_delay: 2_000 } }) as never)).toBe(2_000)
    expect(medusaWebhookDelayMs(containerWith({}) as never)).toBe(5_000)
    expect(medusaWebhookDelayMs(containerWith({ options: { webhook_delay: 0 } }) as never)).toBe(5_000)
    expect(medusaWebhookDelayMs(containerWith(new Error("not registered")) as never)).toBe(5_000)
  })
})

describe("capturedPaymentRecorded", () => {
  it("is true only for a captured payment that is not canceled", () => {
    expect(capturedPaymentRecorded({ payments: [] })).toBe(false)
    expect(capturedPaymentRecorded({ payments: [{ id: "pay_1", data: {}, captures: [] }] })).toBe(false)
    expect(capturedPaymentRecorded({ payments: [{ id: "pay_1", data: {}, captures: [{ id: "capt_1" }] }] })).toBe(true)
    expect(capturedPaymentRecorded({ payments: [{ id: "pay_1", data: {}, captured_at: "2026-01-01T10:00:00Z" }] })).toBe(true)
    expect(
      capturedPaymentRecorded({ payments: [{ id: "pay_1", data: {}, captured_at: "2026-01-01T10:00:00Z", canceled_at: "2026-01-01T10:01:00Z" }] })
    ).toBe(false)
  })
})
