import { model } from "@medusajs/framework/utils"

/**
 * A checkout link this store asked the service to make, by its payment session, written before the
 * call. The orphan refund asks it "did this store make this link?" (installments/links/made-here.ts):
 * a store booted from a copy of another's database holds none of the rows the other writes after
 * the copy, so it never refunds the other's sales, nor the other its own (D33). Kept 30 days (the
 * prune job), past any link's life and the stray-payment sweep's look-back.
 */
export const InstallmentsLinkMade = model
  .define("installments_link_made", {
    id: model.id({ prefix: "ilmd" }).primaryKey(),
    /** The Medusa payment session the link was made for (`metadata.session_id` of the link). */
    session_id: model.text(),
  })
  .indexes([{ on: ["session_id"] }, { on: ["created_at"] }])
