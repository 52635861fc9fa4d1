/** A partner bank's 0% installment programme: its minimum basket and the tenures it offers. */
export interface BankProgramme {
    bank_code: string;
    /** Minimum basket in SAR, a 2-decimal string (`bank_amount_limit`). */
    minimum: string;
    tenures: number[];
}
/**
 * The bank table of docs/service-api.md. `ribl` and `inma` have no documented minimum (D9), so they are left
 * out here; a merchant or the sandbox adds them through settings.
 */
export declare const DEFAULT_BANKS: readonly BankProgramme[];
/** Below this amount the service accepts only pay-in-full links (D7). */
export declare const INSTALLMENT_LINK_MINIMUM = "100.00";
/** One installment plan a customer can pick for a basket. */
export interface InstallmentPlan {
    bank_code: string;
    months: number;
    /** Monthly amount in SAR; the last month carries the rounding remainder. */
    monthly_amount: string;
    last_month_amount: string;
}
/** The banks whose minimum basket the amount meets (D9). */
export declare function eligibleBanks(amount: string, banks?: readonly BankProgramme[]): BankProgramme[];
/** Every 0% plan offered for an amount, split exactly to the halala. */
export declare function plansFor(amount: string, banks?: readonly BankProgramme[]): InstallmentPlan[];
/**
 * The smallest total a link offering only installments can be paid with: the lowest minimum basket
 * of the banks (D48). Below it the service takes the link (its own floor is 100.00 SAR) but no
 * bank offers a plan, so no card could ever pay it.
 */
export declare function installmentsOnlyMinimum(banks?: readonly BankProgramme[]): string;
/** True when some bank offers a plan for the amount, so a link offering only installments can be paid (D48). */
export declare function allowsInstallmentsOnly(amount: string, banks?: readonly BankProgramme[]): boolean;
/** True when the amount allows a link that offers installments (D7). */
export declare function allowsInstallmentLink(amount: string): boolean;
