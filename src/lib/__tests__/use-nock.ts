import http from "node:http"
import type { Duplex } from "node:stream"
import nock from "nock"

const PROBE = "http://socket-probe.invalid"
const PATCHED = Symbol.for("installments.nock-socket-emits-once")

type SocketPrototype = {
  destroy(this: Duplex, error?: Error): Duplex
  emit(this: Duplex, event: string | symbol, ...args: unknown[]): boolean
  [PATCHED]?: true
}

/**
 * Every spec file: no real network, no interceptor left over from another test. Jest gives each
 * file its own nock but they share Node's http module, so each file removes its patch when done:
 * two live nock instances in one worker crash on replyWithError ("Unhandled 'error' event").
 */
export function useNock(): void {
  beforeAll(async () => {
    if (!nock.isActive()) {
      nock.activate()
    }
    nock.disableNetConnect()
    await socketErrorsOnce()
  })
  afterEach(() => {
    // A reply still on its way (an error for a request the test no longer waits for) is not
    // delivered into the next test.
    nock.abortPendingRequests()
    nock.cleanAll()
  })
  afterAll(() => {
    nock.enableNetConnect()
    nock.restore()
  })
}

/**
 * nock's fake socket (@mswjs/interceptors' MockHttpSocket) emits a `replyWithError` error twice: once
 * itself, then again through Node's `destroy(error)` on the next tick, when its one-time listener is
 * gone, which crashes the test process as an unhandled 'error' (seen under load, in another test than
 * the one that raised it). A real socket emits a destroy error once: the fake is made to do the same.
 * Its class is not exported, so its prototype is taken from the socket of one intercepted request.
 */
async function socketErrorsOnce(): Promise<void> {
  // The probe itself can fail while Node's http is being re-patched by the file before (seen under
  // load): it is tried again, and without a socket the fake is left as it is.
  let prototype: SocketPrototype | undefined
  for (let attempt = 0; attempt < 5 && !prototype; attempt++) {
    prototype = await probeSocketPrototype().catch(() => new Promise<undefined>((resolve) => setTimeout(resolve, 20)))
  }
  nock.cleanAll()
  if (!prototype || prototype[PATCHED]) {
    return
  }
  const destroy = prototype.destroy
  prototype.destroy = function (this: Duplex, error?: Error) {
    if (!error) {
      return destroy.call(this)
    }
    this.emit("error", error)
    return destroy.call(this)
  }
  // And an error emitted with no listener left (the same second emit, from a path that bypasses
  // destroy) is dropped, as a real socket's would never be emitted.
  const emit = prototype.emit
  prototype.emit = function (this: Duplex, event: string | symbol, ...args: unknown[]) {
    if (event === "error" && this.listenerCount("error") === 0) {
      return false
    }
    return emit.call(this, event, ...args)
  }
  prototype[PATCHED] = true
}

/** The prototype of the socket nock gives a request, taken once the probe's answer has ended. */
function probeSocketPrototype(): Promise<SocketPrototype> {
  nock(PROBE).get("/").reply(204)
  return new Promise<SocketPrototype>((resolve, reject) => {
    let socketPrototype: SocketPrototype | undefined
    const request = http.get(`${PROBE}/`, (response) => {
      response.once("end", () => (socketPrototype ? resolve(socketPrototype) : reject(new Error("the probe had no socket"))))
      response.resume()
    })
    request.once("socket", (socket) => (socketPrototype = Object.getPrototypeOf(socket) as SocketPrototype))
    request.once("error", reject)
  })
}
