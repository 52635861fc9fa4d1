import { type ReactNode } from "react";
import type { StoreCartLike, StoreHeaders, StoreSdk } from "../sdk";
export interface InstallmentsPaymentOptions {
    sdk: StoreSdk;
    cart: StoreCartLike;
    /** The registration to pay with; default the cart's installments session's provider. */
    providerId?: string;
    /** The page's language: sent as the session's `locale`, and the button's words. */
    locale?: string;
    /** The shopper is back from the hosted page without an order (the review step's `?error=`): the link was spent. */
    used?: boolean;
    headers?: StoreHeaders;
    /** Goes to the hosted page; default `window.location.assign`. */
    navigate?: (url: string) => void;
}
/**
 * Sends the shopper to the hosted page: the session's link while it can be used, else a fresh one
 * (a single-use link spent, expired, or refused). For a storefront that keeps its own button.
 */
export declare function useInstallmentsPayment({ sdk, cart, providerId, locale, used, headers, navigate }: InstallmentsPaymentOptions): {
    pay: () => Promise<void>;
    busy: boolean;
    error: string | null;
    ready: boolean;
};
export interface InstallmentsPayButtonProps extends InstallmentsPaymentOptions {
    disabled?: boolean;
    className?: string;
    /** The button's label; default "Continue to payment" in the page's language. */
    children?: ReactNode;
    "data-testid"?: string;
}
/** "Continue to payment": the button that sends the shopper to the hosted page, with the reason when it cannot. */
export declare function InstallmentsPayButton({ disabled, className, children, "data-testid": testId, ...options }: InstallmentsPayButtonProps): import("react").JSX.Element;
