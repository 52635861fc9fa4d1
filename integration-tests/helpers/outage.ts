import { createServer, connect, Server, Socket } from "node:net"

/** A TCP forwarder in front of the service whose port can refuse connections, as a service that is down. */
export interface Outage {
  /** The forwarder's address: what the provider is configured with. */
  url: string
  /** Closes the port and cuts open connections: every call gets ECONNREFUSED until `up`. */
  down(): Promise<void>
  /** Listens on the same port again. */
  up(): Promise<void>
  stop(): Promise<void>
}

/** Starts forwarding 127.0.0.1:<free port> to `target` (an http://host:port URL). */
export async function startOutageSwitch(target: string): Promise<Outage> {
  const { hostname, port } = new URL(target)
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.once("close", () => sockets.delete(socket))
      socket.on("error", () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
  })
  const listen = (listenPort: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject)
      server.listen(listenPort, "127.0.0.1", () => {
        server.off("error", reject)
        resolve((server.address() as { port: number }).port)
      })
    })
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      sockets.forEach((socket) => socket.destroy())
    })
  const ownPort = await listen(0)
  let listening = true
  return {
    url: `http://127.0.0.1:${ownPort}`,
    async down() {
      if (listening) {
        listening = false
        await close()
      }
    },
    async up() {
      if (!listening) {
        await listen(ownPort)
        listening = true
      }
    },
    async stop() {
      if (listening) {
        listening = false
        await close()
      }
    },
  }
}
