import { allowsInstallmentsOnly, DEFAULT_BANKS, installmentsOnlyMinimum, plansFor, type BankProgramme, type InstallmentPlan } from "../../src/lib/plans";
import type { StoreHeaders, StoreSdk } from "./sdk";
export { allowsInstallmentsOnly, DEFAULT_BANKS, installmentsOnlyMinimum, plansFor };
export type { BankProgramme, InstallmentPlan };
/** An amount as a storefront has it: Medusa's total or price in SAR (`1200`, `38.3295`) or a decimal string. */
export type AmountLike = number | string;
/**
 * A Medusa amount (major units) as the 2-decimal SAR string the plugin pays (`1200` → `"1200.00"`):
 * rounded half-up to the halala, as the plugin rounds a total, read from its text, never by float
 * arithmetic.
 */
export declare function toSarAmount(amount: AmountLike): string;
/** Whether the currency is the plugin's (SAR); promo lines are shown for nothing else. */
export declare function isSar(currencyCode: string | null | undefined): boolean;
/**
 * The plan a promo line advertises: the longest (so the smallest monthly amount) the amount qualifies
 * for, or null below every bank's minimum. No request: the split is computed here.
 */
export declare function promoPlan(amount: AmountLike, banks?: readonly BankProgramme[]): InstallmentPlan | null;
/**
 * "or 24 × 50.00 SAR at 0%" (`أو 24 × 50.00 ر.س بدون فوائد` in Arabic), or null where no line belongs:
 * another currency than SAR, or an amount below every bank's minimum.
 */
export declare function promoLine(amount: AmountLike | null | undefined, options?: {
    locale?: string;
    currencyCode?: string | null;
    banks?: readonly BankProgramme[];
}): string | null;
/**
 * Whether a registration that offers only installments (`checkoutMode: "installments"`) can pay the
 * total, and the line to show instead when it cannot ("0% installments from 300.00 SAR", D48).
 */
export declare function installmentsOnlyAvailability(total: AmountLike, options?: {
    locale?: string;
    banks?: readonly BankProgramme[];
}): {
    eligible: boolean;
    line: string;
};
/** One bank in `GET /store/installments/plans`'s answer. */
export interface StoreBankPlans {
    bank_code: string;
    name: {
        en: string;
        ar: string;
    };
    minimum_amount: string;
    eligible: boolean;
    missing_amount: string;
    plans?: Omit<InstallmentPlan, "bank_code">[];
    tenures?: number[];
}
/** `GET /store/installments/plans`'s answer (docs/back-office-api.md). */
export interface StorePlansAnswer {
    amount: string;
    currency_code: "sar";
    language: "ar" | "en";
    line: string;
    plans: StoreBankPlans[];
    not_eligible: StoreBankPlans[];
}
/**
 * The plans for an amount from the plugin's store route, with bank names and its promo `line` in
 * `locale`: for a page that shows banks a merchant configured beyond the default table. The route
 * answers from the bank table without calling the service, cacheable for 5 minutes (`next` passes
 * Next.js's revalidation through the js-sdk).
 */
export declare function fetchPlans(sdk: StoreSdk, amount: AmountLike, options?: {
    locale?: string;
    headers?: StoreHeaders;
    revalidateSeconds?: number;
}): Promise<StorePlansAnswer>;
