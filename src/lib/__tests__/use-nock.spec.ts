import http from "node:http"
import net from "node:net"
import type { Duplex } from "node:stream"
import nock from "nock"
import { useNock } from "./use-nock"

useNock()

const HOST = "http://fake-socket.test"
const ticks = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve))
}

/** A request nock answers with `replyWithError`, its socket and every error it raised. */
async function failedRequest(): Promise<{ socket: Duplex; errors: Error[] }> {
  nock(HOST)
    .get("/")
    .replyWithError(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }))
  const errors: Error[] = []
  let socket: Duplex | undefined
  await new Promise<void>((resolve) => {
    // Options and a callback given: the interceptor's argument handling differs once other specs ran.
    const request = http.get(`${HOST}/`, {}, (response) => response.resume())
    request.on("socket", (s) => (socket = s))
    request.on("error", (error) => {
      errors.push(error)
      resolve()
    })
  })
  return { socket: socket!, errors }
}

describe("nock's fake socket, as the unit tests use it", () => {
  it("raises a replyWithError once on the request, the destroy's next tick included", async () => {
    const { socket, errors } = await failedRequest()
    await ticks(5)
    expect(socket.constructor.name).toBe("MockHttpSocket")
    expect(errors.map((error) => (error as NodeJS.ErrnoException).code)).toEqual(["ECONNRESET"])
  })

  it("drops an error emitted once no listener is left, where it would crash the test process", async () => {
    const { socket } = await failedRequest()
    socket.removeAllListeners("error")
    expect(socket.emit("error", new Error("late"))).toBe(false)
  })

  it("leaves a real socket alone: its error with no listener still throws", () => {
    const socket = new net.Socket()
    expect(() => socket.emit("error", new Error("unheard"))).toThrow("unheard")
    socket.destroy()
  })
})
