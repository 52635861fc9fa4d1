import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Alert, Container, type DataTablePaginationState } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { RegistrationSelect } from "../../../components/fields/registration-select"
import { SectionHeader } from "../../../components/layout/section-header"
import { CreateLinkDrawer } from "../../../components/payment-links/create-link-drawer"
import { LinkFilters, type LinkFilterValues } from "../../../components/payment-links/link-filters"
import { LinksTable } from "../../../components/payment-links/links-table"
import { usePaymentLinks } from "../../../hooks/use-payment-links"
import { useRegistrationChoice } from "../../../hooks/use-registration-choice"

const PAGE_SIZE = 20

/** Installments → Payment links: links for phone and in-store sales, and a form to make one. */
const PaymentLinksPage = () => {
  const { t } = useTranslation()
  const { status, registrations, providerId, setProviderId } = useRegistrationChoice()
  const [filters, setFilters] = useState<LinkFilterValues>({})
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE })
  const links = usePaymentLinks({
    provider_id: providerId,
    ...filters,
    limit: pagination.pageSize,
    offset: pagination.pageIndex * pagination.pageSize,
  })
  const error = status.error ?? links.error
  // A new filter shows its first page.
  const onFilters = (next: LinkFilterValues) => {
    setFilters(next)
    setPagination((current) => ({ ...current, pageIndex: 0 }))
  }

  return (
    <div className="flex flex-col gap-y-3" data-testid="installments-payment-links">
      <Container className="divide-y p-0">
        <SectionHeader level="h1" title={t("installments.paymentLinks.title")} subtitle={t("installments.paymentLinks.subtitle")}>
          <CreateLinkDrawer providerId={providerId} />
        </SectionHeader>
        <div className="flex flex-wrap items-end gap-4 px-6 py-4">
          <RegistrationSelect registrations={registrations} value={providerId} onChange={setProviderId} />
          <LinkFilters value={filters} onChange={onFilters} />
        </div>
        {error && (
          <div className="px-6 py-4">
            <Alert variant="error">{error.message}</Alert>
          </div>
        )}
        <LinksTable
          links={links.data?.payment_links ?? []}
          count={links.data?.count ?? 0}
          isLoading={links.isPending}
          filtered={Object.values(filters).some(Boolean)}
          pagination={pagination}
          onPaginationChange={setPagination}
        />
      </Container>
    </div>
  )
}

export const config = defineRouteConfig({
  label: "installments.paymentLinks.menu",
  translationNs: "translation",
})

export default PaymentLinksPage
