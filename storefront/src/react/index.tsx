"use client"
/**
 * medusa-payment-installments-storefront/react: the promo line, the pay button (and its hook), the
 * refusal panel, the review step that joins those two, and the line for a hidden option. Styling by
 * class names (`mpi-*`) and CSS variables (`--mpi-*`): import
 * `medusa-payment-installments-storefront/styles.css` or write your own.
 */
export { InstallmentsPromo, type InstallmentsPromoProps } from "./promo"
export {
  InstallmentsPayButton,
  useInstallmentsPayment,
  type InstallmentsPayButtonProps,
  type InstallmentsPaymentOptions,
} from "./pay-button"
export { InstallmentsRefusal, type InstallmentsRefusalProps } from "./refusal"
export { InstallmentsReview, type InstallmentsReviewProps } from "./review"
export { InstallmentsUnavailable, type InstallmentsUnavailableProps } from "./unavailable"
