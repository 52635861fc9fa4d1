import { z } from "zod"
import { IsoDateText, Uuid } from "./fields"

/** Longest statement window the service serves (D17): 366 days, so a leap year fits. */
export const STATEMENT_WINDOW_DAYS = 366

/** Body of the statement report (endpoint 8); the window's order and length are judged by the route on UTC instants. */
export const StatementRequest = z.object({
  from_date: IsoDateText,
  to_date: IsoDateText,
  store_id: Uuid,
  format: z.enum(["json", "csv", "pdf"]).optional(),
})
