import { Button, Copy, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { formatSar } from "../../lib/format"
import type { CreatePaymentLinkResponse } from "../../../installments/back-office/answers"

// While printing, only the QR and its URL are shown, alone on the page.
const PRINT_ONLY_QR = `@media print {
  body * { visibility: hidden !important; }
  .installments-print-area, .installments-print-area * { visibility: visible !important; }
  .installments-print-area { position: fixed; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 16px; }
}`

/** What the link card shows: a new link's or an order's link (`POST …/orders/:id/payment-link`). */
type CreatedLinkView = {
  payment_link: Pick<CreatePaymentLinkResponse["payment_link"], "url" | "amount" | "title">
  qr: CreatePaymentLinkResponse["qr"]
}

/** A new link: its URL to copy and send, and its QR code to show or print for the customer. */
export function CreatedLink({ created }: { created: CreatedLinkView }) {
  const { t, i18n } = useTranslation()
  const { payment_link: link, qr } = created
  const qrSrc = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`
  return (
    <div className="flex flex-col items-center gap-y-4" data-testid="payment-link-created">
      <style>{PRINT_ONLY_QR}</style>
      <Text size="small" className="text-ui-fg-subtle text-center">
        {t("installments.paymentLinks.created.hint")}
      </Text>
      <div className="installments-print-area flex flex-col items-center gap-y-3">
        <Heading level="h2">{link.title}</Heading>
        <Text size="large" weight="plus">
          {formatSar(link.amount, i18n.language)}
        </Text>
        <img src={qrSrc} alt={t("installments.paymentLinks.created.qrAlt")} className="h-56 w-56" data-testid="payment-link-qr" />
        <div className="bg-ui-bg-subtle flex max-w-full items-center gap-x-2 rounded-md px-3 py-2">
          <Text size="small" className="break-all font-mono" dir="ltr" data-testid="payment-link-url">
            {link.url}
          </Text>
          <Copy content={link.url} className="print:hidden" />
        </div>
      </div>
      <Button size="small" variant="secondary" onClick={() => window.print()}>
        {t("installments.paymentLinks.created.print")}
      </Button>
    </div>
  )
}
