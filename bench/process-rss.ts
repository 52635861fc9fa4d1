import { readdirSync, readFileSync, readlinkSync } from "node:fs"

/**
 * The process that listens on `port`: `medusa develop` is npx, a watcher and the server it forks, and
 * only the server holds the store's memory. Read from /proc (the listening socket's inode, then the
 * process holding it), so Linux only.
 */
export function listeningPid(port: number): number {
  const portHex = port.toString(16).toUpperCase().padStart(4, "0")
  const inodes = new Set<string>()
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = ""
    try {
      text = readFileSync(table, "utf8")
    } catch {
      continue
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/)
      // local_address is ADDR:PORT in hex; st 0A is LISTEN; inode is the tenth field.
      if (fields.length > 9 && fields[1].endsWith(`:${portHex}`) && fields[3] === "0A") {
        inodes.add(fields[9])
      }
    }
  }
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let fds: string[]
    try {
      fds = readdirSync(`/proc/${pid}/fd`)
    } catch {
      continue
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
        if (match && inodes.has(match[1])) {
          return Number(pid)
        }
      } catch {
        // A descriptor closed while being read.
      }
    }
  }
  throw new Error(`no process of this user listens on port ${port}`)
}

/** A process's resident set size now, in MB (`VmRSS`); NaN once it has ended. */
export function rssMb(pid: number): number {
  let status: string
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8")
  } catch {
    return NaN
  }
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status)
  return match ? Number(match[1]) / 1024 : NaN
}

/** RSS before, at its peak while `work` ran (sampled every 20 ms), and `settleMs` after. */
export interface RssFigures {
  beforeMb: number
  peakMb: number
  afterMb: number
}

/**
 * Runs `work` while sampling the process's RSS. "after" is read `settleMs` after `work` ends, the
 * store left idle meanwhile: what it still holds, garbage not yet collected included.
 */
export async function measureRss<T>(pid: number, work: () => Promise<T>, settleMs = 5_000): Promise<RssFigures & { value: T }> {
  const beforeMb = rssMb(pid)
  let peakMb = beforeMb
  let ended = false
  const sample = () => {
    const now = rssMb(pid)
    ended ||= Number.isNaN(now)
    peakMb = Math.max(peakMb, Number.isNaN(now) ? 0 : now)
  }
  const sampler = setInterval(sample, 20)
  let value: T
  try {
    value = await work()
  } finally {
    clearInterval(sampler)
  }
  sample()
  await new Promise((resolve) => setTimeout(resolve, settleMs))
  const afterMb = rssMb(pid)
  if (ended || Number.isNaN(afterMb)) {
    // medusa develop restarts its server when a file of examples/store changes: the figures would
    // mix two processes.
    throw new Error(`the store's server (pid ${pid}) ended while it was measured`)
  }
  return { beforeMb, peakMb, afterMb, value }
}
