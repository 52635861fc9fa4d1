import { type AmountLike, type BankProgramme } from "../plans";
export interface InstallmentsPromoProps {
    /** The price or total in SAR as Medusa gives it (`calculated_price.calculated_amount`, `cart.total`). */
    amount: AmountLike | null | undefined;
    /** The region's currency: no line outside SAR. */
    currencyCode?: string | null;
    /** The page's language (`ar`, `en-US`…); Arabic is written right to left. */
    locale?: string;
    /** The bank table; the plugin's default (Al Rajhi from 300 SAR, SNB from 1,000 SAR) unless given. */
    banks?: readonly BankProgramme[];
    className?: string;
}
/**
 * "or 24 × 50.00 SAR at 0%": the longest 0% plan the amount qualifies for, split here to the halala
 * (no request). Renders nothing outside SAR or below every bank's minimum. No hooks: a server
 * component can render it.
 */
export declare function InstallmentsPromo({ amount, currencyCode, locale, banks, className }: InstallmentsPromoProps): import("react").JSX.Element | null;
