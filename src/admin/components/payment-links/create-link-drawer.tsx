import { Alert, Button, Drawer } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useCreatePaymentLink } from "../../hooks/use-create-payment-link"
import type { CreatePaymentLinkResponse } from "../../../installments/back-office/answers"
import { CreatedLink } from "./created-link"
import { formErrors, type FormErrors } from "./field-errors"
import { EMPTY_LINK_FORM, linkRequest, type PaymentLinkForm } from "./link-form"
import { LinkFormFields } from "./link-form-fields"

const NO_ERRORS: FormErrors = { fields: {}, general: [] }

/** The "Create payment link" drawer: the form, then the new link's URL and QR code. */
export function CreateLinkDrawer({ providerId, allowed = true }: { providerId: string | undefined; allowed?: boolean }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [form, setForm] = useState<PaymentLinkForm>(EMPTY_LINK_FORM)
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS)
  const [created, setCreated] = useState<CreatePaymentLinkResponse | null>(null)
  const create = useCreatePaymentLink()

  const reset = () => {
    setForm(EMPTY_LINK_FORM)
    setErrors(NO_ERRORS)
    setCreated(null)
  }
  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) {
      reset()
    }
  }
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    setErrors(NO_ERRORS)
    create.mutate(linkRequest({ ...form, provider_id: providerId }), {
      onSuccess: setCreated,
      // A 400 names its fields: each message goes under its field; anything else above the form.
      onError: (error) => {
        const status = (error as { status?: number }).status
        setErrors(status === 400 ? formErrors(error.message) : { fields: {}, general: [error.message] })
      },
    })
  }

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Trigger asChild>
        <Button size="small" variant="secondary" disabled={!providerId || !allowed} data-testid="payment-links-create">
          {t("installments.paymentLinks.create")}
        </Button>
      </Drawer.Trigger>
      <Drawer.Content aria-describedby={undefined}>
        <Drawer.Header>
          <Drawer.Title>{created ? t("installments.paymentLinks.created.title") : t("installments.paymentLinks.create")}</Drawer.Title>
        </Drawer.Header>
        {created ? (
          <>
            <Drawer.Body className="overflow-y-auto">
              <CreatedLink created={created} />
            </Drawer.Body>
            <Drawer.Footer>
              {/* As the dashboard's drawers do: the footer's own spacing is physical, so Arabic would join the buttons. */}
              <div className="flex items-center justify-end gap-x-2">
                <Button size="small" variant="secondary" onClick={reset}>
                  {t("installments.paymentLinks.created.another")}
                </Button>
                <Drawer.Close asChild>
                  <Button size="small">{t("installments.common.done")}</Button>
                </Drawer.Close>
              </div>
            </Drawer.Footer>
          </>
        ) : (
          <form onSubmit={onSubmit} className="flex flex-1 flex-col overflow-hidden" noValidate>
            <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
              {errors.general.length > 0 && (
                <Alert variant="error" data-testid="payment-link-form-error">
                  {errors.general.join(" ")}
                </Alert>
              )}
              <LinkFormFields
                form={form}
                errors={errors.fields}
                onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
              />
            </Drawer.Body>
            <Drawer.Footer>
              <div className="flex items-center justify-end gap-x-2">
                <Drawer.Close asChild>
                  <Button size="small" variant="secondary" type="button">
                    {t("installments.common.cancel")}
                  </Button>
                </Drawer.Close>
                <Button size="small" type="submit" isLoading={create.isPending}>
                  {t("installments.paymentLinks.form.submit")}
                </Button>
              </div>
            </Drawer.Footer>
          </form>
        )}
      </Drawer.Content>
    </Drawer>
  )
}
