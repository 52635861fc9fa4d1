// The integration specs' jest environment: Node's, plus a check that a spec file leaves no work
// running once it has ended (its last afterAll run: Medusa shut down, the sandbox stopped). The lanes
// run several specs in one jest process, so a server, socket, child process or timer left behind
// would run on into the next spec, or keep jest from exiting; such a spec fails, naming what it left.
const { TestEnvironment } = require("jest-environment-node")

// Sockets and servers close a tick or two after their close() resolves, and a shutdown may leave a
// short timer to fire: what is still there after this long was left behind.
const GRACE_MS = 5_000
const POLL_MS = 100

class IntegrationEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    this.rootDir = config.projectConfig.rootDir
    // The spec's own setTimeout and setInterval (Medusa's included: it runs in this context), each
    // kept with where it was set, so a timer left running can be named. Fired or cleared ones are
    // dropped from time to time, so the set stays small.
    this.timers = new Set()
    for (const kind of ["setTimeout", "setInterval"]) {
      const set = this.global[kind]
      this.global[kind] = (...args) => {
        const timer = set(...args)
        this.timers.add({ kind, timer, where: new Error() })
        if (this.timers.size > 5_000) {
          this.timers.forEach((entry) => entry.timer._destroyed && this.timers.delete(entry))
        }
        return timer
      }
      // util.promisify(setTimeout) and the like read Node's own properties of the function.
      const { name: _name, length: _length, ...properties } = Object.getOwnPropertyDescriptors(set)
      Object.defineProperties(this.global[kind], properties)
    }
  }

  async setup() {
    await super.setup()
    this.handlesBefore = new Set(liveHandles())
    this.timeoutsBefore = countTimeouts()
  }

  // After the file's last hook, before jest writes its result: an error added here fails the file
  // outside any test (scripts/test-verdict.js names it), its tests' results kept.
  async handleTestEvent(event, state) {
    if (event.name !== "run_finish") {
      return
    }
    let left = this.leftRunning()
    for (const deadline = Date.now() + GRACE_MS; left.names.length && Date.now() < deadline; left = this.leftRunning()) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
    if (left.names.length) {
      const error = new Error(`work left running after the spec ended: ${left.names.join("; ")}`)
      // The message alone: a code frame of this file would only mislead.
      error.stack = error.message
      state.unhandledErrors.push(error)
      // Named and failed: no longer allowed to keep jest (which runs without --forceExit) from exiting.
      left.release()
    }
  }

  /** What was started since the spec's setup and still keeps the process busy, named. */
  leftRunning() {
    const handles = liveHandles().filter((handle) => !this.handlesBefore.has(handle))
    const timers = [...this.timers].filter(({ timer }) => !timer._destroyed && timer.hasRef())
    const names = [...handles.map(describeHandle), ...timers.map(({ kind, where }) => `a ${kind} set ${this.placeOf(where)}`)]
    // Timers set another way (node:timers/promises, say) show only as a count, and cannot be let go.
    const untracked = countTimeouts() - this.timeoutsBefore - timers.length
    if (untracked > 0) {
      names.push(`${untracked} timer(s) set outside the spec's setTimeout/setInterval (--detectOpenHandles shows where)`)
    }
    const release = () => [...handles, ...timers.map(({ timer }) => timer)].forEach((each) => each.unref?.())
    return { names, release }
  }

  /** Where a timer was set: the first frame in this repository's own files, else the first outside this file and Node's. */
  placeOf(error) {
    const frames = String(error.stack)
      .split("\n")
      .slice(1)
      .map((frame) => frame.trim().replace(/^at /, ""))
      .filter((frame) => !frame.includes(__filename) && !frame.startsWith("node:") && !frame.includes("(node:"))
    const frame = frames.find((line) => line.includes(this.rootDir) && !line.includes("/node_modules/")) ?? frames[0]
    // "Object.setInterval (/repo/file.ts:5:3)": the place only, relative to the repository.
    const place = frame && (/\((.*)\)$/.exec(frame)?.[1] ?? frame)
    return place ? `at ${place.replace(`${this.rootDir}/`, "")}` : "at an unknown place"
  }
}

/** The handles keeping the process alive (servers, sockets, pipes, child processes); timers are not among them. */
function liveHandles() {
  return process._getActiveHandles().filter((handle) => typeof handle.hasRef !== "function" || handle.hasRef())
}

/** The timers keeping the process alive, however they were set. */
function countTimeouts() {
  return process.getActiveResourcesInfo().filter((type) => type === "Timeout").length
}

function describeHandle(handle) {
  const name = handle?.constructor?.name ?? typeof handle
  if (Array.isArray(handle?.spawnargs)) {
    return `child process ${handle.pid} (${handle.spawnargs.join(" ").slice(0, 160)})`
  }
  if (typeof handle?.listen === "function" && typeof handle.address === "function") {
    const address = handle.address()
    return `a ${name} listening on ${typeof address === "string" ? address : `${address?.address}:${address?.port}`}`
  }
  if (handle?.remotePort !== undefined) {
    return `a socket ${handle.localAddress}:${handle.localPort} -> ${handle.remoteAddress}:${handle.remotePort}`
  }
  // A child process's stdio, say.
  return handle?._handle?.constructor?.name === "Pipe" ? "a pipe" : `a ${name}`
}

module.exports = IntegrationEnvironment
