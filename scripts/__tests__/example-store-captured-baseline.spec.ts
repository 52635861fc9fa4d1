import path from "node:path"
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import CapturedSystemProviderService from "../../examples/store/src/modules/captured-system/service"

const CONFIG = path.join(__dirname, "../../examples/store/medusa-config.ts")

type Provider = { resolve: string; id: string }

/** The payment providers the example store's medusa-config.ts registers under `env`, loaded afresh. */
function paymentProviders(env: Record<string, string | undefined>): Provider[] {
  const saved = { ...process.env }
  Object.assign(process.env, env)
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete process.env[name]
  try {
    // defineConfig keys the modules by name.
    let config: { modules: Record<string, { resolve: string; options?: { providers?: Provider[] } }> } | undefined
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      config = require(CONFIG)
    })
    return Object.values(config!.modules).find((module) => module.resolve === "@medusajs/medusa/payment")?.options?.providers ?? []
  } finally {
    process.env = saved
  }
}

describe("examples/store: the checkout bench's captured baseline", () => {
  it("is registered only with BENCH_CAPTURED_BASELINE=true, never in the demo", () => {
    const ids = (env: Record<string, string | undefined>) => paymentProviders(env).map(({ resolve, id }) => `${resolve}#${id}`)
    expect(ids({ BENCH_CAPTURED_BASELINE: undefined })).not.toContain("./src/modules/captured-system#system")
    expect(ids({ BENCH_CAPTURED_BASELINE: "1" })).not.toContain("./src/modules/captured-system#system")
    expect(ids({ BENCH_CAPTURED_BASELINE: "true" })).toContain("./src/modules/captured-system#system")
  })

  it("answers captured at authorization, so Medusa records the capture as for a paid link", async () => {
    const provider = new CapturedSystemProviderService({})
    expect(CapturedSystemProviderService.identifier).toBe("captured")
    await expect(provider.authorizePayment({ data: {} })).resolves.toEqual({ status: PaymentSessionStatus.CAPTURED, data: {} })
    await expect(provider.getPaymentStatus()).resolves.toEqual({ status: PaymentSessionStatus.CAPTURED })
    const session = await provider.initiatePayment()
    expect(session.id).toMatch(/^[0-9a-f-]{36}$/)
  })
})
