"use strict";
"use client";
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// src/react/index.tsx
var index_exports = {};
__export(index_exports, {
  InstallmentsPayButton: () => InstallmentsPayButton,
  InstallmentsPromo: () => InstallmentsPromo,
  InstallmentsRefusal: () => InstallmentsRefusal,
  useInstallmentsPayment: () => useInstallmentsPayment
});
module.exports = __toCommonJS(index_exports);

// src/react/promo.tsx
var import_plans = require("medusa-payment-installments-storefront");
var import_words = require("medusa-payment-installments-storefront");

// src/react/classes.ts
function classes(...names) {
  return names.filter(Boolean).join(" ");
}

// src/react/promo.tsx
var import_jsx_runtime = require("react/jsx-runtime");
function InstallmentsPromo({ amount, currencyCode, locale, banks, className }) {
  const line = (0, import_plans.promoLine)(amount, { locale, currencyCode: currencyCode ?? "sar", banks });
  if (!line) {
    return null;
  }
  const words = (0, import_words.storefrontWords)(locale);
  return /* @__PURE__ */ (0, import_jsx_runtime.jsx)("p", { className: classes("mpi-promo", className), lang: words.language, dir: words.dir, "data-testid": "installments-promo", children: line });
}

// src/react/pay-button.tsx
var import_react = require("react");
var import_session = require("medusa-payment-installments-storefront");
var import_words2 = require("medusa-payment-installments-storefront");
var import_jsx_runtime2 = require("react/jsx-runtime");
function shopperMessage(error, fallback) {
  if (error instanceof import_session.InstallmentsStorefrontError) {
    return error.message;
  }
  const status = error?.status;
  const message = error?.message;
  return typeof status === "number" && status >= 400 && status < 500 && typeof message === "string" && message ? message : fallback;
}
function useInstallmentsPayment({ sdk, cart, providerId, locale, used, headers, navigate }) {
  const [busy, setBusy] = (0, import_react.useState)(false);
  const [error, setError] = (0, import_react.useState)(null);
  const pay = (0, import_react.useCallback)(async () => {
    setBusy(true);
    setError(null);
    try {
      const url = await (0, import_session.paymentLink)(sdk, cart, { providerId, locale, used, headers });
      (navigate ?? ((target) => window.location.assign(target)))(url);
    } catch (failure) {
      setError(shopperMessage(failure, (0, import_words2.storefrontWords)(locale).pageUnavailable));
      setBusy(false);
    }
  }, [sdk, cart, providerId, locale, used, headers, navigate]);
  return { pay, busy, error, ready: !!(providerId ?? (0, import_session.installmentsSessionOf)(cart)) };
}
function InstallmentsPayButton({ disabled, className, children, "data-testid": testId, ...options }) {
  const { pay, busy, error, ready } = useInstallmentsPayment(options);
  const words = (0, import_words2.storefrontWords)(options.locale);
  return /* @__PURE__ */ (0, import_jsx_runtime2.jsxs)("div", { className: "mpi-pay", lang: words.language, dir: words.dir, children: [
    error ? /* @__PURE__ */ (0, import_jsx_runtime2.jsx)("p", { className: "mpi-pay__error", role: "alert", "data-testid": "installments-pay-error", children: error }) : null,
    /* @__PURE__ */ (0, import_jsx_runtime2.jsx)(
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
var import_react2 = require("react");
var import_words3 = require("medusa-payment-installments-storefront");
var import_jsx_runtime3 = require("react/jsx-runtime");
function InstallmentsRefusal({
  message,
  locale,
  onChooseAnother,
  chooseAnotherHref,
  focusOnMount = true,
  className,
  children
}) {
  const panel = (0, import_react2.useRef)(null);
  (0, import_react2.useEffect)(() => {
    if (message && focusOnMount) {
      panel.current?.focus();
    }
  }, [message, focusOnMount]);
  if (!message) {
    return null;
  }
  const words = (0, import_words3.storefrontWords)(locale);
  return /* @__PURE__ */ (0, import_jsx_runtime3.jsxs)(
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
        /* @__PURE__ */ (0, import_jsx_runtime3.jsx)("p", { className: "mpi-refusal__message", "data-testid": "installments-refusal-message", children: message }),
        children,
        onChooseAnother ? /* @__PURE__ */ (0, import_jsx_runtime3.jsx)("button", { type: "button", className: "mpi-refusal__action", onClick: onChooseAnother, "data-testid": "installments-choose-payment-method", children: words.chooseAnotherPaymentMethod }) : chooseAnotherHref ? /* @__PURE__ */ (0, import_jsx_runtime3.jsx)("a", { className: "mpi-refusal__action", href: chooseAnotherHref, "data-testid": "installments-choose-payment-method", children: words.chooseAnotherPaymentMethod }) : null
      ]
    }
  );
}
