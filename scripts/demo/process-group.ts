import { readdirSync, readFileSync } from "node:fs"

// /proc/<pid>/stat after the command name: state (index 0), ppid, pgrp (2), ..., utime (11), stime (12).
function statFields(pid: string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  } catch {
    // A process that ended while being read.
    return undefined
  }
}

function groupMembers(group: number): string[][] {
  const members: string[][] = []
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    const fields = statFields(pid)
    if (fields && Number(fields[2]) === group) {
      members.push(fields)
    }
  }
  return members
}

const TICK_MS = 1000 / 100 // USER_HZ is 100 on Linux

/** User and system CPU time of every live process in the group, in ms. */
export function groupCpuMs(group: number): number {
  return groupMembers(group).reduce((ms, fields) => ms + (Number(fields[11]) + Number(fields[12])) * TICK_MS, 0)
}

/**
 * How many processes of the group still run. Zombies do not count: a process whose parent was
 * signalled is re-parented, and a container's init may never reap it, yet it runs nothing.
 */
export function liveGroupProcesses(group: number): number {
  return groupMembers(group).filter((fields) => fields[0] !== "Z").length
}

/**
 * Stops every process of the group: SIGTERM, then SIGKILL for what is still running after
 * `graceMs`. Resolves once none runs. `medusa develop`'s server (a fork of the watcher) handles
 * SIGTERM with a graceful shutdown that outlives the watcher and npx, so waiting for the process
 * that was spawned is not enough.
 */
export async function stopProcessGroup(group: number, graceMs = 15_000): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-group, name)
    } catch {
      // ESRCH: the group is already gone.
    }
  }
  signal("SIGTERM")
  const deadline = Date.now() + graceMs
  while (liveGroupProcesses(group) > 0) {
    if (Date.now() > deadline) {
      signal("SIGKILL")
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
