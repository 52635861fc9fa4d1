import type { ConfigModule } from "@medusajs/framework/types"
import { defineConfig, Modules } from "@medusajs/framework/utils"

/**
 * The config module Medusa 2.21 makes of a medusa-config.ts whose Payment module has `paymentOptions`:
 * defineConfig's own output, so unit tests read `modules` as the plugin meets it in a store (an
 * object keyed by module, `payment`, whose entry keeps `resolve` and `options`; a `key` is dropped).
 * `key: false` writes the module as the README does without a key.
 */
export function configWithPayment(paymentOptions: Record<string, unknown>, { key = true } = {}): ConfigModule {
  return defineConfig({
    projectConfig: { http: { jwtSecret: "test", cookieSecret: "test", storeCors: "", adminCors: "", authCors: "" } },
    modules: [{ resolve: "@medusajs/medusa/payment", ...(key ? { key: Modules.PAYMENT } : {}), options: paymentOptions }],
  }) as ConfigModule
}

/**
 * The Payment module's service as Medusa's webhook route and the plugin resolve it, reduced to what
 * they read: Medusa's loader hands the module's options to the service as the constructor's second
 * argument, which the service keeps as `moduleDeclaration`; it has no `.options`.
 * medusa-shapes.spec.ts checks this against the installed Medusa.
 */
export function paymentServiceWith(paymentOptions: Record<string, unknown>): { moduleDeclaration: Record<string, unknown> } {
  return { moduleDeclaration: paymentOptions }
}
