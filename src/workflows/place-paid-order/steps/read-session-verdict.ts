import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { readSessionVerdict, type SessionToReconcile, type SessionVerdict } from "../../../installments/sessions/session-verdict"

/** Reads a waiting session's link from the service, as a webhook would have reported it (see readSessionVerdict). */
export const readSessionVerdictStep = createStep(
  "installments-read-session-verdict",
  async (input: SessionToReconcile, { container }) => {
    return new StepResponse<SessionVerdict>(await readSessionVerdict(container, input))
  }
)
