/** One API request waiting at a hold: where it went and when it arrived. */
export interface HeldRequest {
  method: string
  path: string
  at: string
}

/**
 * Service API requests a test holds back until it lets them go (control API `/holds`), so one
 * caller's read is known to be in flight while another caller starts: a race forced, not hoped for.
 * Held requests are answered in arrival order once released; a stopping sandbox releases them all.
 */
export class Holds {
  private paths: string[] = []
  private readonly waiting: (HeldRequest & { go: () => void })[] = []

  /** Holds every further API request whose path starts with one of `paths` (replaces earlier ones). */
  hold(paths: string[]): void {
    this.paths = [...paths]
  }

  /** Parks the request if a hold matches it, running `go` on release; false when none matches. */
  park(method: string, path: string, go: () => void): boolean {
    // Ids in paths are case-insensitive on the service.
    if (!this.paths.some((prefix) => path.toLowerCase().startsWith(prefix.toLowerCase()))) {
      return false
    }
    this.waiting.push({ method, path, at: new Date().toISOString(), go })
    return true
  }

  /** The requests waiting now, oldest first. */
  held(): HeldRequest[] {
    return this.waiting.map(({ method, path, at }) => ({ method, path, at }))
  }

  /** Ends every hold and lets what waits go on, oldest first; answers how many were waiting. */
  release(): number {
    this.paths = []
    const released = this.waiting.splice(0)
    released.forEach((request) => request.go())
    return released.length
  }
}
