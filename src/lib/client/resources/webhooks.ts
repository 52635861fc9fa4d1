import { registerWebhookBody, RegisterWebhookBody, WebhookRegistration } from "../schemas/webhooks"
import { HttpClient } from "../http"
import { validateRequest } from "../validate"
import { Environment } from "../options"

/** Webhook endpoint registration (endpoint 9). */
export class Webhooks {
  constructor(
    private readonly http: HttpClient,
    private readonly environment: Environment
  ) {}

  /**
   * Registers an HTTPS endpoint for the given events. The answer's `api_key.public_key` is shown
   * only once: store it. Never retried: a second registration would issue a second key.
   */
  async register(body: RegisterWebhookBody): Promise<WebhookRegistration> {
    // The sandbox takes http://localhost in its development mode (D21); production never does.
    const schema = registerWebhookBody({ allowHttpLocalhost: this.environment === "sandbox" })
    const payload = validateRequest(schema, body, "webhook registration")
    return this.http.json(
      {
        method: "POST",
        path: "/api/create-webhook-and-apikey/",
        body: payload,
        retry: "never",
        family: "default",
      },
      WebhookRegistration
    )
  }
}
