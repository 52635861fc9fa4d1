import Medusa from "@medusajs/js-sdk"

// Defined by the admin's bundler in the host store: the backend the dashboard itself talks to.
declare const __BACKEND_URL__: string | undefined

/** The admin's js-sdk client, riding on the logged-in user's session cookie. */
export const sdk = new Medusa({
  baseUrl: typeof __BACKEND_URL__ === "string" && __BACKEND_URL__ ? __BACKEND_URL__ : "/",
  auth: { type: "session" },
})
