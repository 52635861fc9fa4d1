"use client";

// src/react/promo.tsx
import { promoLine } from "medusa-payment-installments-storefront";
import { storefrontWords } from "medusa-payment-installments-storefront";

// src/react/classes.ts
function classes(...names) {
  return names.filter(Boolean).join(" ");
}

// src/react/promo.tsx
import { jsx } from "react/jsx-runtime";
function InstallmentsPromo({ amount, currencyCode, locale, banks, className }) {
  const line = promoLine(amount, { locale, currencyCode: currencyCode ?? "sar", banks });
  if (!line) {
    return null;
  }
  const words = storefrontWords(locale);
  return /* @__PURE__ */ jsx("p", { className: classes("mpi-promo", className), lang: words.language, dir: words.dir, "data-testid": "installments-promo", children: line });
}

// src/react/pay-button.tsx
import { useCallback, useState } from "react";
import { installmentsSessionOf, InstallmentsStorefrontError, paymentLink } from "medusa-payment-installments-storefront";
import { storefrontWords as storefrontWords2 } from "medusa-payment-installments-storefront";
import { jsx as jsx2, jsxs } from "react/jsx-runtime";
function shopperMessage(error, fallback) {
  if (error instanceof InstallmentsStorefrontError) {
    return error.message;
  }
  const status = error?.status;
  const message = error?.message;
  return typeof status === "number" && status >= 400 && status < 500 && typeof message === "string" && message ? message : fallback;
}
function useInstallmentsPayment({ sdk, cart, providerId, locale, used, headers, navigate }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const pay = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const url = await paymentLink(sdk, cart, { providerId, locale, used, headers });
      (navigate ?? ((target) => window.location.assign(target)))(url);
    } catch (failure) {
      setError(shopperMessage(failure, storefrontWords2(locale).pageUnavailable));
      setBusy(false);
    }
  }, [sdk, cart, providerId, locale, used, headers, navigate]);
  return { pay, busy, error, ready: !!(providerId ?? installmentsSessionOf(cart)) };
}
function InstallmentsPayButton({ disabled, className, children, "data-testid": testId, ...options }) {
  const { pay, busy, error, ready } = useInstallmentsPayment(options);
  const words = storefrontWords2(options.locale);
  return /* @__PURE__ */ jsxs("div", { className: "mpi-pay", lang: words.language, dir: words.dir, children: [
    error ? /* @__PURE__ */ jsx2("p", { className: "mpi-pay__error", role: "alert", "data-testid": "installments-pay-error", children: error }) : null,
    /* @__PURE__ */ jsx2(
      "button",
      {
        type: "button",
        className: classes("mpi-pay__button", className),
        disabled: disabled || busy || !ready,
        "aria-busy": busy,
        onClick: pay,
        "data-testid": testId ?? "installments-pay-button",
        children: children ?? words.continueToPayment
      }
    )
  ] });
}

// src/react/refusal.tsx
import { useEffect, useRef } from "react";
import { storefrontWords as storefrontWords3 } from "medusa-payment-installments-storefront";
import { jsx as jsx3, jsxs as jsxs2 } from "react/jsx-runtime";
function InstallmentsRefusal({
  message,
  locale,
  onChooseAnother,
  chooseAnotherHref,
  focusOnMount = true,
  className,
  children
}) {
  const panel = useRef(null);
  useEffect(() => {
    if (message && focusOnMount) {
      panel.current?.focus();
    }
  }, [message, focusOnMount]);
  if (!message) {
    return null;
  }
  const words = storefrontWords3(locale);
  return /* @__PURE__ */ jsxs2(
    "div",
    {
      ref: panel,
      className: classes("mpi-refusal", className),
      role: "alert",
      "aria-live": "assertive",
      "aria-atomic": "true",
      tabIndex: -1,
      lang: words.language,
      dir: words.dir,
      "data-testid": "installments-refusal",
      children: [
        /* @__PURE__ */ jsx3("p", { className: "mpi-refusal__message", "data-testid": "installments-refusal-message", children: message }),
        children,
        onChooseAnother ? /* @__PURE__ */ jsx3("button", { type: "button", className: "mpi-refusal__action", onClick: onChooseAnother, "data-testid": "installments-choose-payment-method", children: words.chooseAnotherPaymentMethod }) : chooseAnotherHref ? /* @__PURE__ */ jsx3("a", { className: "mpi-refusal__action", href: chooseAnotherHref, "data-testid": "installments-choose-payment-method", children: words.chooseAnotherPaymentMethod }) : null
      ]
    }
  );
}
export {
  InstallmentsPayButton,
  InstallmentsPromo,
  InstallmentsRefusal,
  useInstallmentsPayment
};
