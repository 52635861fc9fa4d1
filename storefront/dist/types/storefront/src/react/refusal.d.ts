import { type ReactNode } from "react";
export interface InstallmentsRefusalProps {
    /** Why the payment did not go through (the return route's `?error=`, the plugin's words); nothing shown when empty. */
    message: string | null | undefined;
    /** The page's language, for the panel's own words and direction. */
    locale?: string;
    /** "Choose another payment method": back to the payment step (a button). */
    onChooseAnother?: () => void;
    /** The same as a link, for a page without client code (used when `onChooseAnother` is not given). */
    chooseAnotherHref?: string;
    /** Moves focus to the panel when it appears, so a keyboard or screen reader user lands on the reason. Default true. */
    focusOnMount?: boolean;
    className?: string;
    children?: ReactNode;
}
/**
 * The panel a shopper sees back from the hosted page without an order: the reason, announced
 * (`role="alert"`, `aria-live="assertive"`) and focused, and one way to another payment method.
 */
export declare function InstallmentsRefusal({ message, locale, onChooseAnother, chooseAnotherHref, focusOnMount, className, children, }: InstallmentsRefusalProps): import("react").JSX.Element | null;
