import nock from "nock"
import { Modules } from "@medusajs/framework/utils"
import { metrics, SpanKind, SpanStatusCode, type MeterProvider } from "@opentelemetry/api"
import { verifyInstallmentsWebhook } from "../../../api/hooks/verify-webhook"
import { generateWebhookKeyPair, signedDeliveryHeaders } from "../../../lib/webhooks"
import { configWithPayment, paymentServiceWith } from "../../__tests__/medusa-shapes"
import { recordedJob } from "../../health/job-runs"
import { clientFromOptions } from "../../registrations/lookup"
import { parseProviderOptions } from "../../registrations/options"
import { asRegistrationId } from "../../registrations/provider-ids"
import { refusalLog } from "../../webhooks/refusal-log"
import { paymentLink } from "../../../lib/client/__tests__/helpers"
import { useNock } from "../../../lib/__tests__/use-nock"
import { pathTemplate } from "../endpoint"
import { ATTR, METRIC } from "../names"
import { observeRefundIntents } from "../refund-intents"
import { installInMemoryOtel, pointsOf } from "./in-memory-otel"

// Distinctive values: any of them in a span, an event or a metric is found by a substring search.
const SECRET = "sk_live_Tq7wX2mZ9pLs4VbN"
const PHONE = "+966501234567"
const EMAIL = "sara.alqahtani@example.sa"
const BASE_URL = "https://installments.test"
const STORE_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
const LINK_ID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
const keys = generateWebhookKeyPair()

const providerOptions = {
  secretKey: SECRET,
  publicKey: "sandbox-pk_4HfG7sJ2",
  storeId: STORE_ID,
  baseUrl: BASE_URL,
  callbackUrl: "https://shop.test/return?s={session_id}",
}
const paymentOptions = { providers: [{ resolve: "./src/providers/installments", id: "installments", options: providerOptions }] }
const config = configWithPayment(paymentOptions)

// No real network, and nock's patch of Node's http removed when the file is done (other files share it).
useNock()
const otel = installInMemoryOtel()
afterAll(() => otel.uninstall())
beforeEach(() => {
  otel.resetSpans()
  refusalLog.clear()
})

function client() {
  const made = clientFromOptions(parseProviderOptions(providerOptions), undefined, asRegistrationId("installments"))
  made.http.sleep = async () => undefined
  return made
}

/** The parts of Medusa's request scope the webhook route resolves. */
function deliveryScope() {
  const emitted: string[] = []
  const scope = {
    resolve: (name: string) =>
      ({
        logger: { warn: () => undefined, info: () => undefined, error: () => undefined },
        configModule: config,
        installments: {
          webhookKeysForVerification: async () => [{ prefix: "whk_1", publicKey: keys.publicKey }],
          recordWebhookEvent: async () => true,
          forgetWebhookEvent: async () => undefined,
        },
        [Modules.EVENT_BUS]: { emit: async (event: { name: string }) => void emitted.push(event.name) },
        [Modules.PAYMENT]: paymentServiceWith(paymentOptions),
      })[name],
  }
  return { scope, emitted }
}

async function deliver(body: string, headers: Record<string, string>) {
  const res = {
    statusCode: 200,
    status(code: number) {
      this.statusCode = code
      return this
    },
    json() {
      return this
    },
    setHeader() {},
    once() {
      return this
    },
  }
  const provider = "installments_installments"
  const req = {
    scope: deliveryScope().scope,
    params: { provider },
    originalUrl: `/hooks/payment/${provider}`,
    path: `/hooks/payment/${provider}`,
    headers,
    rawBody: Buffer.from(body),
  }
  await verifyInstallmentsWebhook(req as never, res as never, jest.fn())
  return res
}

const paidBody = JSON.stringify({
  id: "evt_3b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
  event: "modal.closed",
  created_at: new Date(Date.now() - 60_000).toISOString(),
  data: { payment_link_id: LINK_ID, metadata: { phone: PHONE } },
})
/** A link's details as the service answers them: the shopper's phone and email included. */
function details(link: Record<string, unknown> = {}) {
  return {
    payment_link: paymentLink({ id: LINK_ID, client_phone_number: PHONE, ...link }),
    transactions: [],
    pagination: { count: 0, page: 1, page_size: 10, total_pages: 1, next: false, previous: false },
  }
}
const signed = (body: string, privateKey = keys.privateKey) => signedDeliveryHeaders({ payload: body, privateKey, keyPrefix: "whk_1" })

/** A job's container with no database: the run is traced and counted all the same. */
const jobContainer = {
  resolve: (key: string) => {
    if (key === "configModule") return config
    if (key === "logger") return { warn: () => undefined }
    throw new Error(`no ${key}`)
  },
} as never

describe("telemetry of the plugin (an in-memory exporter in place of the store's)", () => {
  it("traces a service call as one CLIENT span named by its path template, with each attempt an event, and counts it", async () => {
    nock(BASE_URL)
      .post(`/payment_links/${LINK_ID}/details`)
      .reply(503, { error: "busy" })
      .post(`/payment_links/${LINK_ID}/details`)
      .reply(200, details())
    await client().paymentLinks.retrieve(LINK_ID)

    const [span] = otel.spans()
    expect(otel.spans()).toHaveLength(1)
    expect(span.name).toBe("installments POST /payment_links/{payment_link_id}/details")
    expect(span.kind).toBe(SpanKind.CLIENT)
    expect(span.attributes).toMatchObject({
      [ATTR.endpoint]: "POST /payment_links/{payment_link_id}/details",
      [ATTR.urlTemplate]: "/payment_links/{payment_link_id}/details",
      [ATTR.httpMethod]: "POST",
      [ATTR.registration]: "installments",
      [ATTR.environment]: "sandbox",
      [ATTR.attempts]: 2,
      [ATTR.outcome]: "ok",
      [ATTR.httpStatus]: 200,
    })
    expect(span.events.map((event) => [event.name, event.attributes?.[ATTR.attempt], event.attributes?.[ATTR.httpStatus]])).toEqual([
      ["installments.attempt", 1, 503],
      ["installments.attempt", 2, 200],
    ])
    expect(span.events[0].attributes?.[ATTR.retryIn]).toEqual(expect.any(Number))
    expect(span.events[1].attributes?.[ATTR.retryIn]).toBeUndefined()

    const collected = await otel.metrics()
    const [call] = pointsOf(collected.get(METRIC.serviceCalls))
    expect(call.attributes).toEqual({
      [ATTR.endpoint]: "POST /payment_links/{payment_link_id}/details",
      [ATTR.environment]: "sandbox",
      [ATTR.registration]: "installments",
      [ATTR.statusClass]: "2xx",
      [ATTR.outcome]: "ok",
    })
    expect(call.value).toBe(1)
    expect(pointsOf(collected.get(METRIC.serviceCallDuration))[0].value).toMatchObject({ count: 1 })
  })

  it("marks a refused call as an error span with its outcome, final status and error type, and no message", async () => {
    nock(BASE_URL)
      .post(`/payment_links/${LINK_ID}/details`)
      .reply(404, { error: "not_found", message: `no link for ${PHONE}` })
    await expect(client().paymentLinks.retrieve(LINK_ID)).rejects.toThrow()
    const [span] = otel.spans()
    expect(span.status.code).toBe(SpanStatusCode.ERROR)
    expect(span.status.message).toBeUndefined()
    expect(span.attributes).toMatchObject({
      [ATTR.outcome]: "refused",
      [ATTR.httpStatus]: 404,
      [ATTR.attempts]: 1,
      [ATTR.errorType]: "not_found",
    })
  })

  it("names a path by its template: ids never reach an attribute", () => {
    expect(pathTemplate(`/payment_links/${STORE_ID}/create`)).toBe("/payment_links/{store_id}/create")
    expect(pathTemplate(`/transactions/refund/${LINK_ID}/`)).toBe("/transactions/refund/{transaction_id}/")
    expect(pathTemplate(`/transactions/${LINK_ID}`)).toBe("/transactions/{transaction_id}")
    expect(pathTemplate("/check/bin_numbers_lookup/")).toBe("/check/bin_numbers_lookup/")
    expect(pathTemplate(`/a-new_path/${LINK_ID}/x9`)).toBe("/a-new_path/{id}/{id}")
  })

  it("traces a verified delivery as a SERVER span with its verdict, event and status, and counts it by verdict", async () => {
    const res = await deliver(paidBody, signed(paidBody))
    expect(res.statusCode).toBe(200)
    const [span] = otel.spans()
    expect(span.name).toBe("installments.webhook.verify")
    expect(span.kind).toBe(SpanKind.SERVER)
    expect(span.attributes).toEqual({
      [ATTR.verdict]: "accepted",
      [ATTR.registration]: "installments",
      [ATTR.webhookEvent]: "modal.closed",
      [ATTR.httpStatus]: 200,
    })
    const deliveries = pointsOf((await otel.metrics()).get(METRIC.deliveries))
    expect(deliveries).toEqual([{ attributes: { [ATTR.verdict]: "accepted", [ATTR.registration]: "installments" }, value: 1 }])
  })

  it("traces a refused delivery with its verdict and reason, and counts it apart from the verified ones", async () => {
    const forged = generateWebhookKeyPair()
    const res = await deliver(paidBody, signed(paidBody, forged.privateKey))
    expect(res.statusCode).toBe(401)
    const [span] = otel.spans()
    expect(span.attributes).toEqual({
      [ATTR.verdict]: "refused",
      [ATTR.refusalReason]: "bad_signature",
      [ATTR.registration]: "installments",
      [ATTR.httpStatus]: 401,
    })
    const deliveries = pointsOf((await otel.metrics()).get(METRIC.deliveries))
    expect(deliveries).toContainEqual({
      attributes: { [ATTR.verdict]: "refused", [ATTR.refusalReason]: "bad_signature", [ATTR.registration]: "installments" },
      value: 1,
    })
  })

  it("traces a job run with its name, schedule and outcome, a failed one as an error without its message, and counts both", async () => {
    const config = { name: "installments-retry-failed-refunds", schedule: "*/5 * * * *" }
    await recordedJob(config, async () => "done")(jobContainer)
    await expect(
      recordedJob(config, async () => {
        throw new Error(`the service refused Authorization: ${SECRET}`)
      })(jobContainer)
    ).rejects.toThrow()
    const [ok, failed] = otel.spans()
    expect(ok.name).toBe("installments.job installments-retry-failed-refunds")
    expect(ok.attributes).toEqual({ [ATTR.job]: config.name, [ATTR.schedule]: config.schedule, [ATTR.outcome]: "ok" })
    expect(failed.attributes).toEqual({
      [ATTR.job]: config.name,
      [ATTR.schedule]: config.schedule,
      [ATTR.outcome]: "failed",
      [ATTR.errorType]: "Error",
    })
    expect(failed.status).toEqual({ code: SpanStatusCode.ERROR })
    const runs = pointsOf((await otel.metrics()).get(METRIC.jobRuns))
    expect(runs.map((run) => [run.attributes[ATTR.outcome], run.value])).toEqual([
      ["ok", 1],
      ["failed", 1],
    ])
  })

  it("reports refund intents by state from one grouped read of the ledger, every state each collection", async () => {
    const statements: string[] = []
    const knex = {
      raw: async (sql: string) => {
        statements.push(sql)
        return {
          rows: [
            { state: "unknown", count: 2 },
            { state: "retrying", count: 1 },
          ],
        }
      },
    }
    observeRefundIntents({ resolve: (key: string) => (key === "__pg_connection__" ? knex : undefined) } as never)
    const points = pointsOf((await otel.metrics()).get(METRIC.refundIntents))
    expect(points.map((point) => [point.attributes[ATTR.refundState], point.value])).toEqual([
      ["sending", 0],
      ["unknown", 2],
      ["pending", 0],
      ["retrying", 1],
      ["failed", 0],
    ])
    expect(statements).toHaveLength(1)
    expect(statements[0]).toMatch(/^select .* from "installments_refund" where .* group by 1$/s)
    expect(statements[0]).not.toMatch(/\b(insert|update|delete)\b/i)
  })

  it("never puts a secret key, a signature, a phone, an email or a body in a span, an event or a metric", async () => {
    nock(BASE_URL)
      .post(`/payment_links/${STORE_ID}/create`)
      .reply(500, `proxy error: Authorization: ${SECRET}`)
      .post(`/payment_links/${STORE_ID}/create`)
      .reply(400, { error: `client_phone_number ${PHONE} is not allowed for ${EMAIL}` })
    await client()
      .paymentLinks.create(STORE_ID, { amount: 100, title: "Order", client_phone_number: PHONE, client_email: EMAIL })
      .catch(() => undefined)
    nock(BASE_URL)
      .post(`/payment_links/${LINK_ID}/details`)
      .reply(200, details({ client_email: EMAIL }))
    await client().paymentLinks.retrieve(LINK_ID)
    const headers = signed(paidBody)
    await deliver(paidBody, headers)
    await deliver(paidBody, { ...headers, "x-signature": `${headers["x-signature"].slice(0, -4)}AAAA` })
    await recordedJob({ name: "installments-prune-checkouts", schedule: "41 3 * * *" }, async () => {
      throw new Error(`phone ${PHONE} key ${SECRET}`)
    })(jobContainer).catch(() => undefined)

    const spans = otel.spans()
    expect(spans).toHaveLength(5)
    const written = JSON.stringify({
      spans: spans.map((span) => ({ name: span.name, attributes: span.attributes, events: span.events, status: span.status })),
      metrics: [...(await otel.metrics()).values()].map((metric) => pointsOf(metric).map((point) => point.attributes)),
    })
    // The telemetry was written (the attempt of the 400 carried the service's code, which was a sentence).
    expect(written).toContain(`"${ATTR.errorCode}":"service_error"`)
    for (const forbidden of [SECRET, headers["x-signature"], PHONE, "966501234567", EMAIL, "proxy error", LINK_ID, STORE_ID]) {
      expect(written).not.toContain(forbidden)
    }
  })

  it("a meter that throws loses its counts, never the call, the delivery or the job it counts", async () => {
    const throwing = () => {
      throw new Error("exporter misconfigured")
    }
    const broken = { getMeter: () => ({ createCounter: throwing, createHistogram: throwing, createObservableGauge: throwing }) }
    metrics.disable()
    metrics.setGlobalMeterProvider(broken as unknown as MeterProvider)
    try {
      nock(BASE_URL).post(`/payment_links/${LINK_ID}/details`).reply(200, details())
      await expect(client().paymentLinks.retrieve(LINK_ID)).resolves.toMatchObject({ payment_link: { id: LINK_ID } })
      expect((await deliver(paidBody, signed(paidBody))).statusCode).toBe(200)
      observeRefundIntents({ resolve: () => ({ raw: async () => ({ rows: [] }) }) } as never)
      await expect(
        recordedJob({ name: "installments-roll-up-insights", schedule: "17 * * * *" }, async () => 7)(jobContainer)
      ).resolves.toBe(7)
      // The spans are recorded all the same.
      expect(otel.spans().map((span) => span.name)).toEqual([
        "installments POST /payment_links/{payment_link_id}/details",
        "installments.webhook.verify",
        "installments.job installments-roll-up-insights",
      ])
    } finally {
      metrics.disable()
      metrics.setGlobalMeterProvider(otel.meterProvider)
    }
  })
})
