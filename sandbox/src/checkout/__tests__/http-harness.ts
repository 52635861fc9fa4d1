import type { AddressInfo } from "node:net"
import type { Server } from "node:http"
import express from "express"
import type { CheckoutEngine } from "../engine"
import { createCheckoutRouter } from "../router"

export interface Harness {
  base: string
  close(): Promise<void>
}

/** Serves the checkout router on an ephemeral port, as the sandbox mounts it: at the app root. */
export async function serveCheckout(engine: CheckoutEngine): Promise<Harness> {
  const app = express()
  app.use(createCheckoutRouter(engine))
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening))
  })
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** Posts a urlencoded form without following redirects, as a browser's first hop would. */
export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  })
}
