/** The languages a shopper reads the plugin's words in. */
export type ShopperLanguage = "ar" | "en";
/** Where the shopper was when the service failed: starting the payment or confirming it. */
export type ShopperStage = "start" | "confirm";
/** Why a session is not paid, for the shopper: the verdict names it, the words below say it. */
export type ShopperFailure = "expired" | "mismatch" | "bank_rejected" | "declined";
/** Every sentence the plugin writes for a shopper, in one language. */
export interface ShopperWords {
    /** The session's `failure_reason` after a read of its link. */
    failure: Record<ShopperFailure, string>;
    /** Back from the hosted page without paying (cancelled, or closed it): nothing was refused. */
    notPaid: string;
    /** The service failed while the payment was started or confirmed; the reference finds the log line. */
    unavailable: Record<ShopperStage, (reference: string) => string>;
    /** A registration that offers only installments, for a total no bank offers a plan for (D48). */
    installmentsMinimum: (minimum: string, amount: string) => string;
    /** A total that rounds to nothing. */
    amountTooSmall: string;
    /** A cart in another currency than SAR. */
    currencyNotSar: string;
    /** The promo line of `GET /store/installments/plans`: the longest 0% plan. */
    planLine: (months: number, monthly: string) => string;
    /** The same line when no bank's minimum is met yet. */
    plansFrom: (minimum: string) => string;
}
/** The plugin's words for a shopper in `language`: the one place they are written. */
export declare function shopperWords(language: ShopperLanguage): ShopperWords;
/** The language of a tag (`ar`, `ar-SA`, `en_US`...), when it is one the plugin speaks. */
export declare function languageOf(tag: unknown): ShopperLanguage | undefined;
/**
 * The language of the cart, for the plugin's words to its shopper: the `locale` (or `language`) in
 * the payment session's data (`ar`, `ar-SA`, `en-US`...), which the storefront sends or the plugin
 * copies from the cart's own `locale` when the session is created, else the registration's
 * `language` option, which is also the language of the hosted page. Medusa gives a payment provider
 * the session's data, not the cart.
 */
export declare function shopperLanguage(data: Record<string, unknown> | undefined, fallback: ShopperLanguage): ShopperLanguage;
