/**
 * medusa-payment-installments-storefront: the storefront side of the plugin, framework-free, over
 * Medusa's js-sdk. It calls store routes only and carries no secret; it imports no server code
 * (storefront/src/__tests__/no-server-code.spec.ts walks its imports).
 */
export * from "./plans"
export * from "./session"
export * from "./return"
export * from "./return-route"
export * from "./checkout"
export * from "./words"
export type * from "./sdk"
