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
import { useInstallmentsPermissions } from "../../../hooks/use-installments-permissions"
import { PermissionGate, PermissionHint } from "../../../components/layout/permission-gate"
import { INSTALLMENTS_PERMISSION } from "../../../../installments/permissions"

const PAGE_SIZE = 20

/** Installments → Payment links, for a user whose roles may read them (D35). */
const PaymentLinksPage = () => (
  <PermissionGate permission={INSTALLMENTS_PERMISSION.readPaymentLink}>
    <PaymentLinks />
  </PermissionGate>
)

/** Links for phone and in-store sales, and a form to make one (for a user who may create them). */
const PaymentLinks = () => {
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
  const mayCreate = useInstallmentsPermissions().can(INSTALLMENTS_PERMISSION.createPaymentLink)
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
          <div className="flex flex-col items-end gap-y-1">
            <CreateLinkDrawer providerId={providerId} allowed={mayCreate} />
            {!mayCreate && <PermissionHint permission={INSTALLMENTS_PERMISSION.createPaymentLink} />}
          </div>
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
