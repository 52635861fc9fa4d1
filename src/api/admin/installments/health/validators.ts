import { z } from "@medusajs/framework/zod"

/** `?check=connection` calls the service (one read per registration); without it the route reads the store's records only. */
export const AdminHealthQuery = z.object({
  check: z.enum(["connection"]).optional(),
})
export type AdminHealthQueryType = z.infer<typeof AdminHealthQuery>
