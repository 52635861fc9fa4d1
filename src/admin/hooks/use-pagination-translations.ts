import { useTranslation } from "react-i18next"

/** The words of Medusa's table pagination ("1 — 20 of 45 results"), in the admin's language. */
export function usePaginationTranslations() {
  const { t } = useTranslation()
  return {
    of: t("installments.common.pagination.of"),
    results: t("installments.common.pagination.results"),
    pages: t("installments.common.pagination.pages"),
    prev: t("installments.common.pagination.prev"),
    next: t("installments.common.pagination.next"),
  }
}
