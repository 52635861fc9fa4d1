import { fork, type ChildProcess } from "node:child_process"
import { readFileSync } from "node:fs"

/**
 * The benchmark's sandbox in a process of its own, so the CPU it spends answering the store (link
 * creation, link reads, webhook deliveries) is counted apart from the store's and the shoppers'. A
 * real store does not host the service, so a benchmark that reports the store's CPU must not include it.
 */
export interface SandboxProcess {
  url: string
  /** User and system CPU the sandbox's process has used so far, in ms (Linux /proc). */
  cpuMs: () => number
  stop: () => Promise<void>
}

const TICK_MS = 1000 / 100 // USER_HZ is 100 on Linux

/** User and system CPU time of one process, in ms; 0 once it has ended. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS
  } catch {
    return 0
  }
}

/** Starts the benchmark sandbox (bench/store.ts's settings) on `port` in a child process. */
export function startSandboxProcess(port: number): Promise<SandboxProcess> {
  const child: ChildProcess = fork(require.resolve("./sandbox-child"), [String(port)], {
    execArgv: ["-r", "ts-node/register/transpile-only"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  })
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error)
    child.once("error", failed)
    child.once("exit", (code) => reject(new Error(`the sandbox process exited with code ${code} before it listened`)))
    child.once("message", (message: { url?: string; error?: string }) => {
      if (!message.url) {
        reject(new Error(`the sandbox process did not start: ${message.error ?? "no url"}`))
        return
      }
      child.removeAllListeners("exit")
      resolve({
        url: message.url,
        cpuMs: () => processCpuMs(child.pid!),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) {
              done()
              return
            }
            child.once("exit", () => done())
            child.send("stop")
          }),
      })
    })
  })
}
