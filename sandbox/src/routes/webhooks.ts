import express from "express"
import { requireAuth } from "../auth"
import { SandboxContext } from "../context"
import { codeError } from "../errors"
import { handle, jsonBody, methodNotAllowed } from "../http"
import { describeIssues } from "../validation/issues"
import { EVENT_NAMES, webhookRegistration } from "../validation/webhooks"
import { registerWebhook } from "../webhooks/registry"

/** Endpoint 9: `POST /api/create-webhook-and-apikey/` (201, D1; 400 invalid_request, D6). */
export function webhookRoutes(ctx: SandboxContext): express.Router {
  const router = express.Router({ strict: true })
  const schema = webhookRegistration({ allowHttpLocalhost: ctx.config.allowHttpWebhooks })
  const path = "/api/create-webhook-and-apikey/"
  router.post(
    path,
    requireAuth(ctx, "code"),
    ...jsonBody("code", true),
    handle((req, res) => {
      const body = req.body as Record<string, unknown>
      if (Array.isArray(body.event_type_names)) {
        const unknown = body.event_type_names.filter((name) => !(EVENT_NAMES as readonly unknown[]).includes(name))
        if (unknown.length > 0) {
          throw codeError(
            400,
            "invalid_request",
            `event_type_names: unknown event name ${unknown.map((name) => JSON.stringify(name)).join(", ")}; supported: ${EVENT_NAMES.join(", ")}.`
          )
        }
      }
      const parsed = schema.safeParse(body)
      if (!parsed.success) {
        const message = describeIssues(parsed.error)
        const hint =
          !ctx.config.allowHttpWebhooks && typeof body.url === "string" && body.url.startsWith("http:")
            ? " (start the sandbox with --allow-http-webhooks to register http://localhost URLs)"
            : ""
        throw codeError(400, "invalid_request", `${message}${hint}`)
      }
      res.status(201).json(registerWebhook(ctx, parsed.data))
    })
  )
  router.all(path, methodNotAllowed)
  return router
}
