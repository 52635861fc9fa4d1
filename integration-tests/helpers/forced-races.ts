import { recentPaidVerdicts } from "../../src/installments/links/recent-paid-verdicts"
import { InstallmentsProviderService } from "../../src/providers/installments/service"
import { Sandbox, waitFor } from "./sandbox"

type ProviderMethod = "authorizePayment"

/**
 * What a race scenario needs to force its interleaving and to prove it happened: the sandbox holds
 * the first path's read of the link at its door (so that read is known to be in flight), the test
 * starts the second path and sees it reach the provider, and only then lets the read go. Each step
 * is marked as it is seen, so the scenario asserts the order it ran in rather than hoping for it.
 */
export class ForcedRace {
  private readonly steps: string[] = []
  private readonly restores: (() => void)[] = []

  constructor(
    private readonly sandbox: Sandbox,
    private readonly linkId: string
  ) {}

  mark(step: string): void {
    this.steps.push(step)
  }

  /** The steps seen so far, in order. */
  get order(): string[] {
    return [...this.steps]
  }

  /** Holds every read of the link's details at the sandbox until `release`. */
  async holdLinkReads(): Promise<void> {
    await this.sandbox.control.post("/holds", { paths: [this.detailsPath] })
  }

  /** The link reads the sandbox holds now. */
  async heldReads(): Promise<string[]> {
    const { data } = await this.sandbox.control.get("/holds")
    return (data.held as { method: string; path: string }[])
      .filter((request) => request.path.toLowerCase() === this.detailsPath.toLowerCase())
      .map((request) => `${request.method} ${request.path}`)
  }

  /** Waits until a read of the link is held, and marks `step`. */
  async readHeld(step: string): Promise<void> {
    await waitFor(async () => (await this.heldReads()).length > 0, 10_000, 25)
    this.mark(step)
  }

  /** Marks `step` as Medusa starts each call of the provider's `method` (observed, passed on unchanged). */
  watchProvider(method: ProviderMethod, step: string): { calls: () => number } {
    const original = InstallmentsProviderService.prototype[method] as (...args: unknown[]) => Promise<unknown>
    let calls = 0
    const mark = (name: string) => this.mark(name)
    const spy = jest.spyOn(InstallmentsProviderService.prototype, method).mockImplementation(function (
      this: unknown,
      ...args: unknown[]
    ) {
      calls += 1
      mark(step)
      return original.apply(this, args)
    } as never)
    this.restores.push(() => spy.mockRestore())
    return { calls: () => calls }
  }

  /**
   * Marks `step` as the plugin asks for a link's verdict the `nth` time: the shopper's authorization
   * and the paid webhook's workflow step both ask the one verdict reader (observed, passed on unchanged).
   */
  watchVerdictReads(nth: number, step: string): { calls: () => number } {
    const original = recentPaidVerdicts.verdictOf.bind(recentPaidVerdicts)
    let calls = 0
    const mark = (name: string) => this.mark(name)
    const spy = jest.spyOn(recentPaidVerdicts, "verdictOf").mockImplementation((...args) => {
      calls += 1
      if (calls === nth) {
        mark(step)
      }
      return original(...args)
    })
    this.restores.push(() => spy.mockRestore())
    return { calls: () => (calls >= nth ? calls : 0) }
  }

  /** Waits until the watched call was made. */
  async reached(watched: { calls: () => number }): Promise<void> {
    await waitFor(async () => watched.calls() > 0, 10_000, 10)
  }

  /** Lets the held reads go on and marks it. */
  async release(): Promise<void> {
    this.mark("held read released")
    await this.sandbox.control.delete("/holds")
  }

  /** Ends holds and watches whatever happened (for `finally`). */
  async end(): Promise<void> {
    this.restores.splice(0).forEach((restore) => restore())
    await this.sandbox.control.delete("/holds")
  }

  private get detailsPath(): string {
    return `/payment_links/${this.linkId}/details`
  }
}
