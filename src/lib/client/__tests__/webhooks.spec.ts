import { generateKeyPairSync } from "node:crypto"
import { ApiError, AuthenticationError, ConnectionError, EVENT_NAMES, ProtocolError, ValidationError } from ".."
import {
  PROD_PUBLIC_KEY,
  PUBLIC_KEY,
  SECRET,
  intercept,
  localRefusal,
  makeClient,
  rejection,
  sleepCalls,
  socketError,
  tripwire,
  useNock,
} from "./helpers"

useNock()

const PATH = "/api/create-webhook-and-apikey/"
const PEM = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "pem" }).toString()

function registration(overrides: Record<string, unknown> = {}) {
  return {
    webhook_endpoint: {
      id: 311,
      url: "https://shop.example.sa/hooks/installments",
      description: "orders",
      event_type_names: ["order.success", "order.updated"],
    },
    api_key: { name: "webhook-311", prefix: "whk_7Qx2Lm", public_key: PEM },
    ...overrides,
  }
}

describe("webhooks.register (endpoint 9)", () => {
  it("posts to the path with its trailing slash and returns the PEM key (201)", async () => {
    const { scope, calls } = intercept("POST", PATH, [201, registration()])
    const result = await makeClient().webhooks.register({
      url: "https://shop.example.sa/hooks/installments",
      description: "orders",
      event_type_names: ["order.success", "order.updated"],
    })

    expect(scope.isDone()).toBe(true)
    expect(calls[0].method).toBe("POST")
    expect(calls[0].path).toBe(PATH)
    expect(calls[0].headers.authorization).toBe(SECRET)
    expect(calls[0].headers["x-service-key"]).toBe(PUBLIC_KEY)
    expect(calls[0].headers["content-type"]).toBe("application/json")
    expect(calls[0].body).toEqual({
      url: "https://shop.example.sa/hooks/installments",
      description: "orders",
      event_type_names: ["order.success", "order.updated"],
    })
    expect(result.webhook_endpoint.id).toBe("311")
    expect(result.api_key.prefix).toBe("whk_7Qx2Lm")
    expect(result.api_key.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/)
  })

  it("accepts every event name of the interface", async () => {
    const { scope, calls } = intercept("POST", PATH, [201, registration()])
    await makeClient().webhooks.register({ url: "https://shop.example.sa/h", event_type_names: [...EVENT_NAMES] })
    expect(scope.isDone()).toBe(true)
    expect((calls[0].body as { event_type_names: string[] }).event_type_names).toHaveLength(9)
  })

  it.each(["http://localhost:9000/hooks", "http://127.0.0.1:9000/hooks"])(
    "a sandbox key may register %s (D21 development mode)",
    async (url) => {
      const { scope, calls } = intercept("POST", PATH, [201, registration()])
      await makeClient().webhooks.register({ url, event_type_names: ["order.success"] })
      expect(scope.isDone()).toBe(true)
      expect((calls[0].body as { url: string }).url).toBe(url)
    }
  )

  describe("refused locally before sending", () => {
    it.each<[string, string, string]>([
      ["plain HTTP to a public host, even in the sandbox", PUBLIC_KEY, "http://shop.example.sa/hooks"],
      ["plain HTTP to localhost with a production key", PROD_PUBLIC_KEY, "http://localhost:9000/hooks"],
      ["plain HTTP to a public host with a production key", PROD_PUBLIC_KEY, "http://shop.example.sa/hooks"],
    ])("%s", async (_label, publicKey, url) => {
      const wire = tripwire()
      await localRefusal(makeClient({ publicKey }).webhooks.register({ url, event_type_names: ["order.success"] }), "url", /HTTPS/)
      expect(wire.requests()).toBe(0)
    })

    it.each<[string, Record<string, unknown>, string, RegExp]>([
      ["not a URL", { url: "shop.example.sa/hooks" }, "url", /URL/],
      ["an unknown event name", { event_type_names: ["order.success", "order.refunded"] }, "event_type_names.1", /.+/],
      ["an empty event list", { event_type_names: [] }, "event_type_names", /at least one event/],
      ["no event list", { event_type_names: undefined }, "event_type_names", /.+/],
    ])("%s", async (_label, change, field, rule) => {
      const wire = tripwire()
      const body = { url: "https://shop.example.sa/hooks", event_type_names: ["order.success"], ...change }
      await localRefusal(makeClient().webhooks.register(body as never), field, rule)
      expect(wire.requests()).toBe(0)
    })
  })

  it("400 invalid_request is a ValidationError (D6)", async () => {
    const body = { error: "invalid_request", message: "url must use HTTPS", status_code: 400 }
    const { scope } = intercept("POST", PATH, [400, body])
    const error = await rejection(
      makeClient().webhooks.register({ url: "https://self-signed.example.sa/h", event_type_names: ["order.success"] }),
      ValidationError
    )
    expect(scope.isDone()).toBe(true)
    expect(error).toMatchObject({
      status: 400,
      code: "invalid_request",
      serviceMessage: "url must use HTTPS",
      endpoint: `POST ${PATH}`,
      body,
    })
  })

  it("401 is an AuthenticationError", async () => {
    const { scope } = intercept("POST", PATH, [401, { detail: "Authentication credentials were not provided." }])
    const error = await rejection(
      makeClient().webhooks.register({ url: "https://a.example.sa/h", event_type_names: ["order.success"] }),
      AuthenticationError
    )
    expect(scope.isDone()).toBe(true)
    expect(error.status).toBe(401)
  })

  describe("never retried: a second registration would issue a second key", () => {
    it("not on 503", async () => {
      const { scope, calls } = intercept("POST", PATH, [503, { message: "unavailable" }])
      const client = makeClient({ maxRetries: 3 })
      const error = await rejection(
        client.webhooks.register({ url: "https://a.example.sa/h", event_type_names: ["order.success"] }),
        ApiError
      )
      expect(scope.isDone()).toBe(true)
      expect(error.status).toBe(503)
      expect(calls).toHaveLength(1)
      expect(sleepCalls(client)).toEqual([])
    })

    it("not on a connection reset", async () => {
      const scope = intercept("POST", PATH).scope.post(PATH).replyWithError(socketError("ECONNRESET"))
      const client = makeClient({ maxRetries: 3 })
      const error = await rejection(
        client.webhooks.register({ url: "https://a.example.sa/h", event_type_names: ["order.success"] }),
        ConnectionError
      )
      expect(scope.isDone()).toBe(true)
      expect(error.code).toBe("ECONNRESET")
      expect(sleepCalls(client)).toEqual([])
    })
  })

  it.each<[string, unknown, string]>([
    ["without the public key", registration({ api_key: { name: "n", prefix: "p" } }), "api_key.public_key"],
    ["without the endpoint", { api_key: registration().api_key }, "webhook_endpoint"],
  ])("a 2xx body %s is a ProtocolError naming the field", async (_label, body, field) => {
    const { scope } = intercept("POST", PATH, [201, body])
    const error = await rejection(
      makeClient().webhooks.register({ url: "https://a.example.sa/h", event_type_names: ["order.success"] }),
      ProtocolError
    )
    expect(scope.isDone()).toBe(true)
    expect(error.message).toContain(field)
  })
})
