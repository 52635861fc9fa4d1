import net from "node:net"
import type { Duplex } from "node:stream"
import nock from "nock"

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
  beforeAll(() => {
    if (!nock.isActive()) {
      nock.activate()
    }
    nock.disableNetConnect()
    socketErrorsOnce()
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
 * the one that raised it). It may also hold an error back until its response listeners have run, and
 * the request's listener can be gone by then. A real socket emits an error once, to a listener: the
 * fake is made to do the same. Its class is not exported (and each spec file loads its own copy), so
 * the methods it inherits from Node's `net.Socket`, shared by every file, are patched once per process
 * and act only on the fake's sockets.
 */
function socketErrorsOnce(): void {
  const prototype = net.Socket.prototype as unknown as SocketPrototype
  if (prototype[PATCHED]) {
    return
  }
  const { destroy, emit } = prototype
  // The fake's own destroy has already emitted the error: Node's is told only to destroy.
  prototype.destroy = function (this: Duplex, error?: Error) {
    return destroy.call(this, isFakeSocket(this) ? undefined : error)
  }
  // Reached when the fake passes an emit on, held back or not: an error with no listener left is dropped.
  prototype.emit = function (this: Duplex, event: string | symbol, ...args: unknown[]) {
    if (event === "error" && isFakeSocket(this) && this.listenerCount("error") === 0) {
      return false
    }
    return emit.call(this, event, ...args)
  }
  prototype[PATCHED] = true
}

const isFakeSocket = (socket: Duplex) => socket.constructor.name === "MockHttpSocket"
