import { inspect } from "node:util"
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  InstallmentsClient,
  InstallmentsError,
  NotFoundError,
  ProtocolError,
  RedirectError,
  RefundRejectedError,
  TimeoutError,
  ValidationError,
} from ".."
import type { ClientOptions } from ".."
import { BASE_URL, PROD_PUBLIC_KEY, PUBLIC_KEY, SECRET } from "./helpers"

function constructionError(options: Partial<ClientOptions>): ValidationError {
  try {
    new InstallmentsClient({ secretKey: SECRET, publicKey: PUBLIC_KEY, baseUrl: BASE_URL, ...options } as ClientOptions)
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return error as ValidationError
  }
  throw new Error("the client was constructed")
}

describe("InstallmentsClient options", () => {
  it("takes its environment from the public key (Authentication rule 5)", () => {
    expect(new InstallmentsClient({ secretKey: SECRET, publicKey: PUBLIC_KEY, baseUrl: BASE_URL }).environment).toBe("sandbox")
    expect(new InstallmentsClient({ secretKey: SECRET, publicKey: PROD_PUBLIC_KEY, baseUrl: BASE_URL }).environment).toBe("production")
  })

  it.each(["pk_live_123", "Sandbox-abc", "production-abc", "", " sandbox-abc"])(
    "refuses the public key %p at construction, naming publicKey (D22)",
    (publicKey) => {
      const error = constructionError({ publicKey })
      expect(error.code).toBe("invalid_options")
      expect(error.issues).toEqual([expect.objectContaining({ field: "publicKey" })])
      expect(error.message).toMatch(/publicKey: .*sandbox-.*prod-/)
    }
  )

  it("requires a secret key", () => {
    const missing = constructionError({ secretKey: undefined })
    expect(missing.issues.map((issue) => issue.field)).toEqual(["secretKey"])
    expect(constructionError({ secretKey: "" }).message).toMatch(/secretKey: secretKey must not be empty/)
  })

  it.each(["not a url", "installments.test", "/relative/path", "ftp://installments.test", "javascript:alert(1)"])(
    "refuses the base URL %p",
    (baseUrl) => {
      const error = constructionError({ baseUrl })
      expect(error.issues).toEqual([{ field: "baseUrl", message: "baseUrl must be an absolute http(s) URL" }])
    }
  )

  it.each(["http://installments.example.sa", "http://10.0.0.5:4010", "http://localhost.example.sa", "HTTP://api.installments.sa/v1"])(
    "refuses the plain-http base URL %p, as the provider does: the secret key would travel in clear",
    (baseUrl) => {
      for (const publicKey of [PUBLIC_KEY, PROD_PUBLIC_KEY]) {
        const error = constructionError({ baseUrl, publicKey })
        expect(error.issues).toEqual([
          {
            field: "baseUrl",
            message:
              "baseUrl must use https:// (the secret key is sent with every call); http:// is accepted only for localhost, 127.0.0.1 or [::1]",
          },
        ])
        expect(error.message).not.toContain(baseUrl)
      }
    }
  )

  it.each(["http://localhost:4010", "http://127.0.0.1:4010/", "http://[::1]:4010", "https://installments.example.sa"])(
    "accepts %p: https anywhere, plain http only to this machine (the sandbox)",
    (baseUrl) => {
      expect(() => new InstallmentsClient({ secretKey: SECRET, publicKey: PROD_PUBLIC_KEY, baseUrl })).not.toThrow()
    }
  )

  it("accepts a base URL with a trailing slash and a path prefix", () => {
    expect(() => new InstallmentsClient({ secretKey: SECRET, publicKey: PUBLIC_KEY, baseUrl: `${BASE_URL}/v1/` })).not.toThrow()
  })

  it.each<[Partial<ClientOptions>, string]>([
    [{ timeoutMs: 0 }, "timeoutMs"],
    [{ timeoutMs: 1.5 }, "timeoutMs"],
    [{ maxRetries: 11 }, "maxRetries"],
    [{ maxRetries: -1 }, "maxRetries"],
    [{ retryBaseDelayMs: -5 }, "retryBaseDelayMs"],
    [{ processingRetryDelayMs: -1 }, "processingRetryDelayMs"],
    [{ logger: "console" as never }, "logger"],
  ])("refuses %p naming %s", (options, field) => {
    expect(constructionError(options).issues.map((issue) => issue.field)).toEqual([field])
  })

  it("names every wrong option at once", () => {
    const error = constructionError({ secretKey: "", publicKey: "pk", baseUrl: "nope" })
    expect(error.issues.map((issue) => issue.field).sort()).toEqual(["baseUrl", "publicKey", "secretKey"])
  })

  it("never repeats the secret key in an options error", () => {
    // A wrong public key next to a real secret: the message, issues and dump must not carry the secret.
    const error = constructionError({ publicKey: "pk_live_x", baseUrl: "nope" })
    expect(error.message).not.toContain(SECRET)
    expect(JSON.stringify(error)).not.toContain(SECRET)
    expect(inspect(error, { depth: 10 })).not.toContain(SECRET)
    // The classic slip: the secret pasted into the public key option.
    const swapped = constructionError({ publicKey: SECRET })
    expect(swapped.issues.map((issue) => issue.field)).toEqual(["publicKey"])
    expect(JSON.stringify(swapped) + swapped.message + String(swapped.stack)).not.toContain(SECRET)
  })

  it("refuses a missing options object with a clear error", () => {
    expect(() => new InstallmentsClient(undefined as unknown as ClientOptions)).toThrow(ValidationError)
  })
})

describe("error hierarchy", () => {
  it("roots every error class in InstallmentsError and names it", () => {
    const classes = [
      AuthenticationError,
      NotFoundError,
      ValidationError,
      RedirectError,
      ConnectionError,
      TimeoutError,
      ApiError,
      ProtocolError,
    ]
    for (const Type of classes) {
      const error = new Type({ message: "m" })
      expect(error).toBeInstanceOf(InstallmentsError)
      expect(error).toBeInstanceOf(Error)
      expect(error.name).toBe(Type.name)
    }
    const refund = new RefundRejectedError({ message: "m", reason: "not_allowed" })
    expect(refund).toBeInstanceOf(InstallmentsError)
    expect(refund.name).toBe("RefundRejectedError")
  })
})
