import { createServer, Server } from "node:http"
import { AddressInfo } from "node:net"
import { createApp } from "./app"
import { SandboxOptions, resolveConfig } from "./config"
import { SandboxCore } from "./sandbox"
import { SandboxCheckoutEngine } from "./checkout/engine"

export type { SandboxOptions } from "./config"
export { SANDBOX_EXTRA_BANKS } from "./config"
export { TEST_CARDS } from "./catalog/cards"
export { BIN_TABLE } from "./catalog/bins"
export { SandboxCore } from "./sandbox"

/** A running sandbox. */
export interface RunningSandbox {
  /** Base URL of the service interface, e.g. http://127.0.0.1:4010 */
  url: string
  /** Base of hosted checkout pages ({payUrl}/payment-link/<id>). */
  payUrl: string
  secretKey: string
  publicKey: string
  storeId: string
  /** The checkout engine behind the hosted pages (and the control API's pay). */
  engine: SandboxCheckoutEngine
  /** State, clock and jobs, for tests that want to reach in. */
  core: SandboxCore
  /** Stops the server, timers and deliveries; writes the data file. */
  stop(): Promise<void>
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    server.once("error", onError)
    server.listen(port, host, () => {
      server.off("error", onError)
      resolve(server.address() as AddressInfo)
    })
  })
}

/** Starts a sandbox of the installments service on one port (0 = a free one). */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const config = resolveConfig(options)
  const core = new SandboxCore(config)
  const server = createServer(createApp(core))
  const address = await listen(server, config.port, config.host)
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address
  const url = `http://${host}:${address.port}`
  core.ctx.urls.base = url
  core.ctx.urls.pay = config.payUrl ?? url
  core.start()
  config.log(`installments sandbox listening on ${url}`)
  let stopped: Promise<void> | undefined
  return {
    url,
    payUrl: core.ctx.urls.pay,
    secretKey: config.secretKey,
    publicKey: config.publicKey,
    storeId: config.storeId,
    engine: core.engine,
    core,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        core.stop()
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return stopped
    },
  }
}
