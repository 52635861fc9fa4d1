import jwt from "jsonwebtoken"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/** Headers of a logged-in admin user, made directly in the user and auth modules. */
export async function adminHeaders(container: MedusaContainer): Promise<{ headers: Record<string, string> }> {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const user = await userModule.createUsers({ email: "admin@medusa.test" })
  const identity = await authModule.createAuthIdentities({
    provider_identities: [{ provider: "emailpass", entity_id: "admin@medusa.test" }],
    app_metadata: { user_id: user.id },
  })
  const token = jwt.sign(
    { actor_id: user.id, actor_type: "user", auth_identity_id: identity.id, app_metadata: { user_id: user.id } },
    "test-jwt-secret",
    { expiresIn: "1d" }
  )
  return { headers: { authorization: `Bearer ${token}` } }
}
