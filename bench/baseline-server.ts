import http from "node:http"
import type { AddressInfo } from "node:net"

export interface BaselineServer {
  url: string
  stop(): Promise<void>
}

const BODY = JSON.stringify({ ok: true, payment_link_id: "00000000-0000-4000-8000-000000000000" })

/**
 * The floor to compare the sandbox with: a bare node:http server that reads the request body (as
 * the sandbox must) and answers a fixed JSON body with the status the scenario expects.
 */
export async function startBaseline(): Promise<BaselineServer> {
  const server = http.createServer((req, res) => {
    req.resume()
    req.on("end", () => {
      res.writeHead(req.method === "POST" && req.url?.endsWith("/create") ? 201 : 200, {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(BODY),
      })
      res.end(BODY)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
