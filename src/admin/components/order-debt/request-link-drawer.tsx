import { Alert, Button, Drawer, Label, RadioGroup, Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useRequestOrderPaymentLink } from "../../hooks/use-order-debt"
import { useRegistrationChoice } from "../../hooks/use-registration-choice"
import { RegistrationSelect } from "../fields/registration-select"
import { formatDateTime, formatSar } from "../../lib/format"
import type { OrderPaymentLinkResponse } from "../../../installments/back-office/answers"
import type { DebtKind, OrderLinkCheckout } from "../../lib/types"
import { CreatedLink } from "../payment-links/created-link"
import { SwitchField } from "../payment-links/switch-field"
import { useInstallmentsPermissions } from "../../hooks/use-installments-permissions"
import { INSTALLMENTS_PERMISSION } from "../../../installments/permissions"
import { PermissionHint } from "../layout/permission-gate"

const CHECKOUTS: OrderLinkCheckout[] = ["both", "installments", "card"]

/** The "Request payment by link" drawer: the checkout choice, then the link's URL, QR code and expiry. */
export function RequestLinkDrawer({
  kind,
  orderId,
  displayId,
  owed,
}: {
  kind: DebtKind
  orderId: string
  displayId: number
  owed: string
}) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const [checkout, setCheckout] = useState<OrderLinkCheckout>("both")
  const [sendSms, setSendSms] = useState(false)
  const [requested, setRequested] = useState<OrderPaymentLinkResponse | null>(null)
  const request = useRequestOrderPaymentLink(kind, orderId)
  const { registrations, providerId, setProviderId } = useRegistrationChoice()
  const mayRequest = useInstallmentsPermissions().can(INSTALLMENTS_PERMISSION.createOrderPaymentLink)
  const f = (key: string, options?: Record<string, unknown>) => t(`installments.orderDebt.${key}`, options)

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setRequested(null)
      request.reset()
    }
  }
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    request.mutate({ provider_id: providerId, checkout, send_sms: sendSms }, { onSuccess: setRequested })
  }
  const link = requested?.payment_link

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <div className="flex flex-col items-end gap-y-1">
        <Drawer.Trigger asChild>
          <Button size="small" variant="secondary" disabled={!mayRequest} data-testid="order-debt-request">
            {f("request")}
          </Button>
        </Drawer.Trigger>
        {!mayRequest && <PermissionHint permission={INSTALLMENTS_PERMISSION.createOrderPaymentLink} />}
      </div>
      <Drawer.Content aria-describedby={undefined}>
        <Drawer.Header>
          <Drawer.Title>{f("drawerTitle")}</Drawer.Title>
        </Drawer.Header>
        {requested && link ? (
          <>
            <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
              {link.reused && <Alert variant="info">{f("reused")}</Alert>}
              <CreatedLink
                created={{
                  payment_link: {
                    ...link,
                    title: f(kind === "draft" ? "draftLinkTitle" : "linkTitle", { displayId }),
                  },
                  qr: requested.qr,
                }}
              />
              <Text size="small" className="text-ui-fg-subtle text-center" data-testid="order-debt-expires">
                {f("expires", { date: formatDateTime(link.expires_at, i18n.language) })}
              </Text>
            </Drawer.Body>
            <Drawer.Footer>
              <div className="flex items-center justify-end gap-x-2">
                <Drawer.Close asChild>
                  <Button size="small">{t("installments.common.done")}</Button>
                </Drawer.Close>
              </div>
            </Drawer.Footer>
          </>
        ) : (
          <form onSubmit={onSubmit} className="flex flex-1 flex-col overflow-hidden" noValidate>
            <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
              {request.error && (
                <Alert variant="error" data-testid="order-debt-error">
                  {request.error.message}
                </Alert>
              )}
              <div className="flex flex-col gap-y-1">
                <Label size="small" weight="plus">
                  {f("amount")}
                </Label>
                <Text size="large" weight="plus" data-testid="order-debt-amount">
                  {formatSar(owed, i18n.language)}
                </Text>
                <span className="txt-compact-small text-ui-fg-subtle">{f("amountHint")}</span>
              </div>
              <RegistrationSelect registrations={registrations} value={providerId} onChange={setProviderId} />
              <div className="flex flex-col gap-y-2">
                <Label size="small" weight="plus" htmlFor="order-debt-checkout">
                  {f("checkout")}
                </Label>
                <RadioGroup
                  id="order-debt-checkout"
                  // Radix sets dir="ltr" on the group unless told, which would keep the radios on the left in Arabic.
                  dir={i18n.dir()}
                  value={checkout}
                  onValueChange={(value) => setCheckout(value as OrderLinkCheckout)}
                  className="flex flex-col gap-y-2"
                >
                  {CHECKOUTS.map((choice) => (
                    <RadioGroup.ChoiceBox
                      key={choice}
                      value={choice}
                      label={f(`checkouts.${choice}`)}
                      description={f(`checkouts.${choice}Hint`)}
                    />
                  ))}
                </RadioGroup>
              </div>
              <SwitchField id="order-debt-sms" label={f("sendSms")} hint={f("sendSmsHint")} checked={sendSms} onChange={setSendSms} />
            </Drawer.Body>
            <Drawer.Footer>
              <div className="flex items-center justify-end gap-x-2">
                <Drawer.Close asChild>
                  <Button size="small" variant="secondary" type="button">
                    {t("installments.common.cancel")}
                  </Button>
                </Drawer.Close>
                <Button size="small" type="submit" isLoading={request.isPending} data-testid="order-debt-submit">
                  {f("submit")}
                </Button>
              </div>
            </Drawer.Footer>
          </form>
        )}
      </Drawer.Content>
    </Drawer>
  )
}
