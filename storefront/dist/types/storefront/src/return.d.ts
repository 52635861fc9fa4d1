import type { StoreHeaders, StoreSdk } from "./sdk";
/** `GET /store/installments/carts/:id/payment-status`'s `payment_status` (D49). */
export interface InstallmentsPaymentStatus {
    status: "paid" | "waiting" | "not_paid";
    /** Complete the cart only when true: a refused completion places no order but uses up an order number. */
    completable: boolean;
    /** Why not, in the cart's language; null when completable. */
    message: string | null;
}
/** Asks the plugin whether the cart's installments payment went through (one read of the link). */
export declare function readPaymentStatus(sdk: StoreSdk, cartId: string, headers?: StoreHeaders): Promise<InstallmentsPaymentStatus>;
/** What the return step does: show the order, or send the shopper back to pay with the reason. */
export type ReturnDecision = {
    kind: "order";
    orderId: string;
    order: {
        id: string;
        display_id?: number | null;
    };
} | {
    kind: "retry";
    message: string;
    status: InstallmentsPaymentStatus | null;
};
/**
 * The return step's decision, for the shopper back from the hosted page: asks `payment-status`
 * first and completes the cart only when it is `completable`, so a refused or cancelled payment uses
 * up no order number; otherwise the plugin's message in the cart's language. When the status cannot
 * be read (an older plugin, a network fault) the cart is completed anyway: the plugin still refuses
 * an unpaid session, and a paid shopper gets their order. Completing twice is safe: when the webhook
 * placed the order first, Medusa answers with it.
 */
export declare function decideReturn(sdk: StoreSdk, cartId: string, options?: {
    locale?: string | null;
    headers?: StoreHeaders;
}): Promise<ReturnDecision>;
/** The cart id in the return URL (`callbackUrl`'s `?cart_id={cart_id}`), or null. */
export declare function returnCartId(url: string | URL): string | null;
