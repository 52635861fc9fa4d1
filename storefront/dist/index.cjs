"use strict";
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

// src/index.ts
var index_exports = {};
__export(index_exports, {
  DEFAULT_BANKS: () => DEFAULT_BANKS,
  INSTALLMENTS_PROVIDER_PREFIX: () => INSTALLMENTS_PROVIDER_PREFIX,
  InstallmentsStorefrontError: () => InstallmentsStorefrontError,
  LINK_EXPIRY_MARGIN_MS: () => LINK_EXPIRY_MARGIN_MS,
  RETURN_HOP_PARAM: () => RETURN_HOP_PARAM,
  allowsInstallmentsOnly: () => allowsInstallmentsOnly,
  cookieHopPage: () => cookieHopPage,
  decideReturn: () => decideReturn,
  fetchPlans: () => fetchPlans,
  installmentsOnlyAvailability: () => installmentsOnlyAvailability,
  installmentsOnlyMinimum: () => installmentsOnlyMinimum,
  installmentsReturnRoute: () => installmentsReturnRoute,
  installmentsSessionData: () => installmentsSessionData,
  installmentsSessionOf: () => installmentsSessionOf,
  isInstallmentsProvider: () => isInstallmentsProvider,
  isSar: () => isSar,
  languageFor: () => languageFor,
  languageOf: () => languageOf,
  linkState: () => linkState,
  paymentLink: () => paymentLink,
  plansFor: () => plansFor,
  promoLine: () => promoLine,
  promoPlan: () => promoPlan,
  readPaymentStatus: () => readPaymentStatus,
  returnCartId: () => returnCartId,
  shopperWords: () => shopperWords,
  startInstallmentsSession: () => startInstallmentsSession,
  storefrontWords: () => storefrontWords,
  toSarAmount: () => toSarAmount
});
module.exports = __toCommonJS(index_exports);

// ../src/lib/money.ts
var MoneyError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "MoneyError";
  }
};
var DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$/;
function toText(value) {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new MoneyError(`amount must be a finite number, got ${value}`);
    }
    const text = String(value);
    if (/e/i.test(text)) {
      return expandExponent(text);
    }
    return text;
  }
  if (typeof value !== "string") {
    throw new MoneyError(`amount must be a decimal string or a number, got ${typeof value}`);
  }
  return value.trim();
}
function expandExponent(text) {
  const match = /^(-)?(\d)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) {
    throw new MoneyError(`amount ${text} is not a decimal number`);
  }
  const [, sign = "", lead, rest = "", expText] = match;
  const digits = lead + rest;
  const exponent = Number(expText);
  const pointAt = 1 + exponent;
  if (pointAt <= 0) {
    return `${sign}0.${"0".repeat(-pointAt)}${digits}`;
  }
  if (pointAt >= digits.length) {
    return `${sign}${digits}${"0".repeat(pointAt - digits.length)}`;
  }
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}
function split(value) {
  const text = toText(value);
  const match = DECIMAL.exec(text);
  if (!match) {
    throw new MoneyError(`amount "${text}" is not a decimal number`);
  }
  return { negative: match[1] === "-", whole: match[2], fraction: match[3] ?? "" };
}
function toHalalas(value) {
  const { negative, whole, fraction } = split(value);
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > 2) {
    throw new MoneyError(`amount ${toText(value)} has more than 2 decimal places; SAR amounts are exact to the halala (0.01)`);
  }
  const halalas = BigInt(whole) * 100n + BigInt(significant.padEnd(2, "0"));
  return negative ? -halalas : halalas;
}
function parseAmount(value) {
  const { negative, whole, fraction } = split(value);
  const padded = fraction.padEnd(3, "0");
  let halalas = BigInt(whole) * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) {
    halalas += 1n;
  }
  return negative ? -halalas : halalas;
}
function formatAmount(halalas) {
  const negative = halalas < 0n;
  const abs = negative ? -halalas : halalas;
  const whole = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${cents}`;
}
function roundMedusaAmount(value) {
  const amount = medusaAmountValue(value);
  return typeof amount === "bigint" ? amount * 100n : parseAmount(amount);
}
function medusaAmountValue(value, depth = 0) {
  if (typeof value === "string") {
    return /e/i.test(value) ? expandExponent(value.trim()) : value;
  }
  if (typeof value === "number" || typeof value === "bigint") {
    return value;
  }
  if (value && typeof value === "object" && depth < 4) {
    const candidate = value;
    if (candidate.raw_ && typeof candidate.raw_ === "object" && candidate.raw_.value !== void 0) {
      return medusaAmountValue(candidate.raw_.value, depth + 1);
    }
    if (typeof candidate.value === "string" || typeof candidate.value === "number") {
      return candidate.value;
    }
    if (typeof candidate.toJSON === "function") {
      return medusaAmountValue(candidate.toJSON(), depth + 1);
    }
  }
  throw new MoneyError(`cannot read ${describe(value)} as an amount`);
}
function describe(value) {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return typeof value;
  }
}

// ../src/lib/plans.ts
var DEFAULT_BANKS = Object.freeze([
  { bank_code: "snb", minimum: "1000.00", tenures: [3, 6, 12] },
  { bank_code: "rajhi", minimum: "300.00", tenures: [3, 6, 12, 24] }
]);
var INSTALLMENT_LINK_MINIMUM = "100.00";
function eligibleBanks(amount, banks = DEFAULT_BANKS) {
  const halalas = toHalalas(amount);
  return banks.filter((bank) => halalas >= toHalalas(bank.minimum));
}
function plansFor(amount, banks = DEFAULT_BANKS) {
  const halalas = toHalalas(amount);
  return eligibleBanks(amount, banks).flatMap(
    (bank) => bank.tenures.map((months) => {
      const monthly = halalas / BigInt(months);
      const last = halalas - monthly * BigInt(months - 1);
      return {
        bank_code: bank.bank_code,
        months,
        monthly_amount: formatAmount(monthly),
        last_month_amount: formatAmount(last)
      };
    })
  );
}
function installmentsOnlyMinimum(banks = DEFAULT_BANKS) {
  return formatAmount(banks.map((bank) => toHalalas(bank.minimum)).reduce((a, b) => a < b ? a : b));
}
function allowsInstallmentsOnly(amount, banks = DEFAULT_BANKS) {
  return eligibleBanks(amount, banks).length > 0 && allowsInstallmentLink(amount);
}
function allowsInstallmentLink(amount) {
  return toHalalas(amount) >= toHalalas(INSTALLMENT_LINK_MINIMUM);
}

// ../src/installments/messages/shopper-language.ts
var WORDS = {
  en: {
    failure: {
      expired: "The payment link expired before it was paid. Start a new payment.",
      mismatch: "The payment does not match this order. Start a new payment.",
      bank_rejected: "The bank rejected the 0% installment request. Pay in full or try another card.",
      declined: "The card payment was declined or not authenticated. Try again with another card."
    },
    notPaid: "The payment was not completed. Continue to payment to try again, or choose another payment method.",
    unavailable: {
      start: (reference) => `Your installments payment could not be started just now. Please try again in a moment. Support reference: ${reference}.`,
      confirm: (reference) => `Your payment could not be confirmed just now. Please try again in a moment. Support reference: ${reference}.`
    },
    installmentsMinimum: (minimum, amount) => `Installments are available for orders of ${minimum} SAR or more; this order is ${amount} SAR. Choose another payment method.`,
    amountTooSmall: "The amount to pay must be at least 0.01 SAR.",
    currencyNotSar: "This payment method takes Saudi riyals (SAR) only. Choose another payment method.",
    planLine: (months, monthly) => `or ${months} \xD7 ${monthly} SAR at 0%`,
    plansFrom: (minimum) => `0% installments from ${minimum} SAR`
  },
  ar: {
    failure: {
      expired: "\u0627\u0646\u062A\u0647\u062A \u0635\u0644\u0627\u062D\u064A\u0629 \u0631\u0627\u0628\u0637 \u0627\u0644\u062F\u0641\u0639 \u0642\u0628\u0644 \u0625\u062A\u0645\u0627\u0645 \u0627\u0644\u062F\u0641\u0639. \u0627\u0628\u062F\u0623 \u0639\u0645\u0644\u064A\u0629 \u062F\u0641\u0639 \u062C\u062F\u064A\u062F\u0629.",
      mismatch: "\u0627\u0644\u062F\u0641\u0639 \u0644\u0627 \u064A\u0637\u0627\u0628\u0642 \u0647\u0630\u0627 \u0627\u0644\u0637\u0644\u0628. \u0627\u0628\u062F\u0623 \u0639\u0645\u0644\u064A\u0629 \u062F\u0641\u0639 \u062C\u062F\u064A\u062F\u0629.",
      bank_rejected: "\u0631\u0641\u0636 \u0627\u0644\u0628\u0646\u0643 \u0637\u0644\u0628 \u0627\u0644\u062A\u0642\u0633\u064A\u0637 \u0628\u062F\u0648\u0646 \u0641\u0648\u0627\u0626\u062F. \u0627\u062F\u0641\u0639 \u0627\u0644\u0645\u0628\u0644\u063A \u0643\u0627\u0645\u0644\u064B\u0627 \u0623\u0648 \u062C\u0631\u0651\u0628 \u0628\u0637\u0627\u0642\u0629 \u0623\u062E\u0631\u0649.",
      declined: "\u0631\u064F\u0641\u0636 \u0627\u0644\u062F\u0641\u0639 \u0628\u0627\u0644\u0628\u0637\u0627\u0642\u0629 \u0623\u0648 \u0644\u0645 \u064A\u0643\u062A\u0645\u0644 \u0627\u0644\u062A\u062D\u0642\u0642 \u0645\u0646\u0647\u0627. \u062D\u0627\u0648\u0644 \u0645\u0631\u0629 \u0623\u062E\u0631\u0649 \u0628\u0628\u0637\u0627\u0642\u0629 \u0623\u062E\u0631\u0649."
    },
    notPaid: "\u0644\u0645 \u064A\u0643\u062A\u0645\u0644 \u0627\u0644\u062F\u0641\u0639. \u062A\u0627\u0628\u0639 \u0625\u0644\u0649 \u0627\u0644\u062F\u0641\u0639 \u0644\u0644\u0645\u062D\u0627\u0648\u0644\u0629 \u0645\u0631\u0629 \u0623\u062E\u0631\u0649\u060C \u0623\u0648 \u0627\u062E\u062A\u0631 \u0637\u0631\u064A\u0642\u0629 \u062F\u0641\u0639 \u0623\u062E\u0631\u0649.",
    unavailable: {
      start: (reference) => `\u062A\u0639\u0630\u0651\u0631 \u0628\u062F\u0621 \u0627\u0644\u062F\u0641\u0639 \u0628\u0627\u0644\u062A\u0642\u0633\u064A\u0637 \u0627\u0644\u0622\u0646. \u064A\u064F\u0631\u062C\u0649 \u0627\u0644\u0645\u062D\u0627\u0648\u0644\u0629 \u0645\u0631\u0629 \u0623\u062E\u0631\u0649 \u0628\u0639\u062F \u0642\u0644\u064A\u0644. \u0627\u0644\u0631\u0642\u0645 \u0627\u0644\u0645\u0631\u062C\u0639\u064A \u0644\u0644\u062F\u0639\u0645: ${reference}.`,
      confirm: (reference) => `\u062A\u0639\u0630\u0651\u0631 \u062A\u0623\u0643\u064A\u062F \u0627\u0644\u062F\u0641\u0639 \u0627\u0644\u0622\u0646. \u064A\u064F\u0631\u062C\u0649 \u0627\u0644\u0645\u062D\u0627\u0648\u0644\u0629 \u0645\u0631\u0629 \u0623\u062E\u0631\u0649 \u0628\u0639\u062F \u0642\u0644\u064A\u0644. \u0627\u0644\u0631\u0642\u0645 \u0627\u0644\u0645\u0631\u062C\u0639\u064A \u0644\u0644\u062F\u0639\u0645: ${reference}.`
    },
    installmentsMinimum: (minimum, amount) => `\u0627\u0644\u062A\u0642\u0633\u064A\u0637 \u0645\u062A\u0627\u062D \u0644\u0644\u0637\u0644\u0628\u0627\u062A \u0645\u0646 ${minimum} \u0631.\u0633 \u0641\u0623\u0643\u062B\u0631\u060C \u0648\u0642\u064A\u0645\u0629 \u0647\u0630\u0627 \u0627\u0644\u0637\u0644\u0628 ${amount} \u0631.\u0633. \u0627\u062E\u062A\u0631 \u0637\u0631\u064A\u0642\u0629 \u062F\u0641\u0639 \u0623\u062E\u0631\u0649.`,
    amountTooSmall: "\u064A\u062C\u0628 \u0623\u0644\u0627 \u064A\u0642\u0644 \u0645\u0628\u0644\u063A \u0627\u0644\u062F\u0641\u0639 \u0639\u0646 0.01 \u0631.\u0633.",
    currencyNotSar: "\u0637\u0631\u064A\u0642\u0629 \u0627\u0644\u062F\u0641\u0639 \u0647\u0630\u0647 \u062A\u0642\u0628\u0644 \u0627\u0644\u0631\u064A\u0627\u0644 \u0627\u0644\u0633\u0639\u0648\u062F\u064A \u0641\u0642\u0637. \u0627\u062E\u062A\u0631 \u0637\u0631\u064A\u0642\u0629 \u062F\u0641\u0639 \u0623\u062E\u0631\u0649.",
    planLine: (months, monthly) => `\u0623\u0648 ${months} \xD7 ${monthly} \u0631.\u0633 \u0628\u062F\u0648\u0646 \u0641\u0648\u0627\u0626\u062F`,
    plansFrom: (minimum) => `\u062A\u0642\u0633\u064A\u0637 \u0628\u062F\u0648\u0646 \u0641\u0648\u0627\u0626\u062F \u0627\u0628\u062A\u062F\u0627\u0621\u064B \u0645\u0646 ${minimum} \u0631.\u0633`
  }
};
function shopperWords(language) {
  return WORDS[language];
}
function languageOf(tag) {
  const primary = typeof tag === "string" ? tag.trim().toLowerCase().split(/[-_]/)[0] : void 0;
  return primary === "ar" || primary === "en" ? primary : void 0;
}

// src/words.ts
var STOREFRONT_WORDS = {
  en: {
    continueToPayment: "Continue to payment",
    chooseAnotherPaymentMethod: "Choose another payment method",
    pageUnavailable: "The payment page could not be opened. Try again.",
    returning: "Returning to the store\u2026"
  },
  ar: {
    continueToPayment: "\u0627\u0644\u0645\u062A\u0627\u0628\u0639\u0629 \u0625\u0644\u0649 \u0627\u0644\u062F\u0641\u0639",
    chooseAnotherPaymentMethod: "\u0627\u062E\u062A\u0631 \u0637\u0631\u064A\u0642\u0629 \u062F\u0641\u0639 \u0623\u062E\u0631\u0649",
    pageUnavailable: "\u062A\u0639\u0630\u0651\u0631 \u0641\u062A\u062D \u0635\u0641\u062D\u0629 \u0627\u0644\u062F\u0641\u0639. \u062D\u0627\u0648\u0644 \u0645\u0631\u0629 \u0623\u062E\u0631\u0649.",
    returning: "\u062C\u0627\u0631\u064D \u0627\u0644\u0639\u0648\u062F\u0629 \u0625\u0644\u0649 \u0627\u0644\u0645\u062A\u062C\u0631\u2026"
  }
};
function languageFor(locale, fallback = "en") {
  return languageOf(locale) ?? fallback;
}
function storefrontWords(locale) {
  const language = languageFor(locale);
  return { ...shopperWords(language), ...STOREFRONT_WORDS[language], language, dir: language === "ar" ? "rtl" : "ltr" };
}

// src/plans.ts
function toSarAmount(amount) {
  return formatAmount(roundMedusaAmount(amount));
}
function isSar(currencyCode) {
  return currencyCode?.toLowerCase() === "sar";
}
function promoPlan(amount, banks = DEFAULT_BANKS) {
  const [longest] = plansFor(toSarAmount(amount), banks).sort((a, b) => b.months - a.months);
  return longest ?? null;
}
function promoLine(amount, options = {}) {
  if (amount === null || amount === void 0 || !isSar(options.currencyCode ?? "sar")) {
    return null;
  }
  const plan = promoPlan(amount, options.banks);
  return plan ? storefrontWords(options.locale).planLine(plan.months, plan.monthly_amount) : null;
}
function installmentsOnlyAvailability(total, options = {}) {
  const banks = options.banks ?? DEFAULT_BANKS;
  const words = storefrontWords(options.locale);
  const amount = toSarAmount(total);
  const plan = promoPlan(amount, banks);
  return {
    eligible: allowsInstallmentsOnly(amount, banks),
    line: plan ? words.planLine(plan.months, plan.monthly_amount) : words.plansFrom(installmentsOnlyMinimum(banks))
  };
}
async function fetchPlans(sdk, amount, options = {}) {
  return sdk.client.fetch("/store/installments/plans", {
    method: "GET",
    query: { amount: toSarAmount(amount), ...options.locale ? { locale: options.locale } : {} },
    ...options.headers ? { headers: options.headers } : {},
    ...options.revalidateSeconds !== void 0 ? { next: { revalidate: options.revalidateSeconds } } : {}
  });
}

// src/session.ts
var INSTALLMENTS_PROVIDER_PREFIX = "pp_installments_";
function isInstallmentsProvider(providerId) {
  return typeof providerId === "string" && providerId.startsWith(INSTALLMENTS_PROVIDER_PREFIX);
}
function installmentsSessionData(cartId, locale) {
  return locale ? { cart_id: cartId, locale } : { cart_id: cartId };
}
function installmentsSessionOf(cart) {
  const sessions = (cart?.payment_collection?.payment_sessions ?? []).filter((session) => isInstallmentsProvider(session.provider_id));
  return sessions.find((session) => session.status === "pending") ?? sessions[sessions.length - 1];
}
var LINK_EXPIRY_MARGIN_MS = 6e4;
function linkState(session, options = {}) {
  if (!session) {
    return { usable: false, reason: "no_session" };
  }
  if (session.status !== void 0 && session.status !== "pending") {
    return { usable: false, reason: "not_pending" };
  }
  const data = session.data ?? {};
  if (typeof data.failure_reason === "string" && data.failure_reason) {
    return { usable: false, reason: "failed" };
  }
  if (options.used) {
    return { usable: false, reason: "used" };
  }
  if (typeof data.url !== "string" || !data.url) {
    return { usable: false, reason: "no_url" };
  }
  const expiresAt = typeof data.expires_at === "string" || typeof data.expires_at === "number" ? Date.parse(String(data.expires_at)) : NaN;
  const now = options.now ?? Date.now();
  if (!(expiresAt - (options.marginMs ?? LINK_EXPIRY_MARGIN_MS) > now)) {
    return { usable: false, reason: "expired" };
  }
  return { usable: true, url: data.url, expiresAt };
}
var InstallmentsStorefrontError = class extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
    this.name = "InstallmentsStorefrontError";
  }
};
async function startInstallmentsSession(sdk, cart, options = {}) {
  const words = storefrontWords(options.locale);
  const providerId = options.providerId ?? installmentsSessionOf(cart)?.provider_id;
  if (!providerId || !isInstallmentsProvider(providerId)) {
    throw new InstallmentsStorefrontError(words.pageUnavailable, "no_provider");
  }
  const { payment_collection } = await sdk.store.payment.initiatePaymentSession(
    cart,
    { provider_id: providerId, data: installmentsSessionData(cart.id, options.locale) },
    {},
    options.headers
  );
  const session = (payment_collection.payment_sessions ?? []).find(
    (candidate) => candidate.provider_id === providerId && (candidate.status ?? "pending") === "pending"
  );
  const url = session?.data?.url;
  if (!session || typeof url !== "string" || !url) {
    throw new InstallmentsStorefrontError(words.pageUnavailable, "no_link");
  }
  return { session, url };
}
async function paymentLink(sdk, cart, options = {}) {
  const session = installmentsSessionOf(cart);
  const state = linkState(session, { used: options.used, now: options.now });
  if (state.usable && (!options.providerId || options.providerId === session?.provider_id)) {
    return state.url;
  }
  return (await startInstallmentsSession(sdk, cart, { providerId: options.providerId ?? session?.provider_id, ...withoutProvider(options) })).url;
}
function withoutProvider(options) {
  return { locale: options.locale, headers: options.headers };
}

// src/return.ts
async function readPaymentStatus(sdk, cartId, headers) {
  const { payment_status } = await sdk.client.fetch(
    `/store/installments/carts/${encodeURIComponent(cartId)}/payment-status`,
    { method: "GET", ...headers ? { headers } : {}, cache: "no-store" }
  );
  return payment_status;
}
async function decideReturn(sdk, cartId, options = {}) {
  const fallback = storefrontWords(options.locale).notPaid;
  const status = await readPaymentStatus(sdk, cartId, options.headers).catch(() => null);
  if (status && !status.completable) {
    return { kind: "retry", message: status.message || fallback, status };
  }
  const completed = await sdk.store.cart.complete(cartId, {}, options.headers).catch(() => null);
  if (completed?.type === "order") {
    return { kind: "order", orderId: completed.order.id, order: completed.order };
  }
  const cart = await sdk.store.cart.retrieve(cartId, { fields: "*payment_collection.payment_sessions" }, options.headers).then((answer) => answer.cart).catch(() => null);
  const reason = (cart?.payment_collection?.payment_sessions ?? []).filter((session) => isInstallmentsProvider(session.provider_id)).map((session) => session.data?.failure_reason).find((value) => typeof value === "string" && !!value);
  return { kind: "retry", message: reason ?? fallback, status };
}
function returnCartId(url) {
  const cartId = new URL(url).searchParams.get("cart_id");
  return cartId && /^cart_[A-Za-z0-9]+$/.test(cartId) ? cartId : null;
}

// src/return-route.ts
var RETURN_HOP_PARAM = "back";
var prefix = (params) => typeof params.countryCode === "string" ? `/${params.countryCode}` : "";
function cookieHopPage(target, locale) {
  const words = storefrontWords(locale);
  const attribute = target.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const script = JSON.stringify(target).replace(/</g, "\\u003c");
  return `<!doctype html><html lang="${words.language}" dir="${words.dir}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="0;url=${attribute}"><title>${words.returning}</title></head><body><p>${words.returning}</p><script>location.replace(${script})</script></body></html>`;
}
var redirect = (location) => new Response(null, { status: 303, headers: { location: location.toString(), "cache-control": "no-store" } });
function installmentsReturnRoute(options) {
  return async (request, context) => {
    const params = await context?.params ?? {};
    const url = new URL(request.url);
    const cartId = returnCartId(url);
    if (!cartId) {
      return redirect(new URL(options.cartPath?.(params) ?? `${prefix(params)}/cart`, url));
    }
    if (!url.searchParams.has(RETURN_HOP_PARAM)) {
      const back = new URL(url);
      back.searchParams.set(RETURN_HOP_PARAM, "1");
      return new Response(cookieHopPage(back.pathname + back.search, options.locale), {
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }
      });
    }
    const headers = options.headers ? await options.headers() : void 0;
    const decision = await decideReturn(options.sdk, cartId, { locale: options.locale, headers });
    await options.onSettled?.();
    if (decision.kind === "order") {
      await options.onOrder?.(decision.order);
      return redirect(new URL(options.orderPath?.(decision.order, params) ?? `${prefix(params)}/order/${decision.orderId}/confirmed`, url));
    }
    const target = new URL(options.retryPath?.(params) ?? `${prefix(params)}/checkout?step=review`, url);
    target.searchParams.set("error", decision.message);
    return redirect(target);
  };
}
