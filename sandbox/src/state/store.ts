import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { randomUUID } from "node:crypto"
import { SandboxState } from "./types"

// Only the most recent events and deliveries are kept, so a long-running sandbox stays small.
const MAX_HISTORY = 5000
const SAVE_DEBOUNCE_MS = 50

/** Holds the sandbox's state and, with a data file, keeps it on disk across restarts. */
export class Store {
  state: SandboxState
  private saveTimer: NodeJS.Timeout | undefined
  /** Set by `close`: the sandbox stopped, so nothing is written any more. */
  private closed = false

  constructor(
    initial: SandboxState,
    private readonly dataFile: string | undefined
  ) {
    this.state = initial
  }

  /** A fresh state for these credentials. */
  static empty(credentials: SandboxState["credentials"], merchantBalance: string): SandboxState {
    return {
      version: 1,
      credentials,
      clockOffsetMs: 0,
      merchantBalance,
      seq: 0,
      links: {},
      transactions: {},
      webhooks: [],
      events: [],
      deliveries: [],
      idempotency: {},
    }
  }

  /** Reads a data file written by `save`; undefined when the file does not exist yet. */
  static load(dataFile: string): SandboxState | undefined {
    if (!existsSync(dataFile)) {
      return undefined
    }
    let parsed: SandboxState
    try {
      parsed = JSON.parse(readFileSync(dataFile, "utf8")) as SandboxState
    } catch (error) {
      throw new Error(
        `${dataFile} is not a sandbox state file (${(error as Error).message}); move it away or pass another --data file`
      )
    }
    if (parsed.version !== 1) {
      throw new Error(`${dataFile} holds sandbox state version ${String(parsed.version)}; this sandbox reads version 1`)
    }
    return parsed
  }

  /** Next value of the sandbox-wide sequence, which orders records created in the same millisecond. */
  nextSeq(): number {
    this.state.seq += 1
    return this.state.seq
  }

  /** Records that state changed; with a data file, a save follows shortly. */
  changed(): void {
    this.trim()
    if (!this.dataFile || this.saveTimer || this.closed) {
      return
    }
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined
      this.save()
    }, SAVE_DEBOUNCE_MS)
    this.saveTimer.unref()
  }

  /** Writes the data file now (atomically, through a temporary file). */
  save(): void {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer)
      this.saveTimer = undefined
    }
    if (!this.dataFile || this.closed) {
      return
    }
    const temporary = `${this.dataFile}.${randomUUID()}.tmp`
    writeFileSync(temporary, JSON.stringify(this.state, null, 1), { mode: 0o600 })
    renameSync(temporary, this.dataFile)
  }

  /**
   * Writes the data file one last time and closes the store: later changes (a delivery that was
   * still running, a late request) stay in memory and never rewrite the file after stop.
   */
  close(): void {
    if (this.closed) {
      return
    }
    this.save()
    this.closed = true
  }

  /** True once `close` ran. */
  isClosed(): boolean {
    return this.closed
  }

  private trim(): void {
    const { events, deliveries } = this.state
    if (events.length > MAX_HISTORY) {
      events.splice(0, events.length - MAX_HISTORY)
    }
    if (deliveries.length > MAX_HISTORY) {
      deliveries.splice(0, deliveries.length - MAX_HISTORY)
    }
  }
}
