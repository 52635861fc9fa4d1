import type { JourneyContext } from "./context"

/** One step of the journey: what it shows, what to check when it fails, and how it is done. */
export interface JourneyStep {
  name: string
  hint: string
  run: (ctx: JourneyContext) => Promise<void>
}
