import { Input, Label, RadioGroup, Textarea } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { DateField } from "../fields/date-field"
import type { FormErrors } from "./field-errors"
import { FormField } from "./form-field"
import type { PaymentLinkForm } from "./link-form"
import { SwitchField } from "./switch-field"

const CHECKOUTS = ["both", "installments", "pay_in_full"] as const

/** The create form's fields, each showing the API's error for it. */
export function LinkFormFields({
  form,
  errors,
  onChange,
}: {
  form: PaymentLinkForm
  errors: FormErrors["fields"]
  onChange: (patch: Partial<PaymentLinkForm>) => void
}) {
  const { t, i18n } = useTranslation()
  const f = (key: string) => t(`installments.paymentLinks.form.${key}`)
  const text = (key: "amount" | "title" | "customer_name" | "customer_phone" | "customer_email", extra = {}) => ({
    id: `link-${key}`,
    value: form[key],
    "aria-invalid": !!errors[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange({ [key]: event.target.value }),
    ...extra,
  })

  return (
    <div className="flex flex-col gap-y-4">
      <FormField id="link-amount" label={f("amount")} hint={f("amountHint")} error={errors.amount}>
        <Input {...text("amount", { inputMode: "decimal", dir: "ltr", placeholder: "1200.00" })} />
      </FormField>
      <FormField id="link-title" label={f("title")} hint={f("titleHint")} error={errors.title}>
        <Input {...text("title")} />
      </FormField>
      <FormField id="link-description" label={f("description")} error={errors.description}>
        <Textarea id="link-description" value={form.description} onChange={(event) => onChange({ description: event.target.value })} />
      </FormField>

      <FormField id="link-checkout" label={f("checkout")} error={errors.checkout}>
        <RadioGroup
          id="link-checkout"
          // Radix sets dir="ltr" on the group unless told, which would keep the radios on the left in Arabic.
          dir={i18n.dir()}
          value={form.checkout}
          onValueChange={(value) => onChange({ checkout: value as PaymentLinkForm["checkout"] })}
          className="flex flex-col gap-y-2"
        >
          {CHECKOUTS.map((checkout) => (
            <RadioGroup.ChoiceBox
              key={checkout}
              value={checkout}
              label={f(`checkouts.${checkout}`)}
              description={f(`checkouts.${checkout}Hint`)}
            />
          ))}
        </RadioGroup>
      </FormField>

      <SwitchField
        id="link-multi-use"
        label={f("multiUse")}
        hint={f("multiUseHint")}
        checked={form.multi_use}
        onChange={(multi_use) => onChange({ multi_use })}
        error={errors.multi_use}
      />

      <DateField
        id="link-expires"
        label={f("expiresOn")}
        value={form.expires_on}
        onChange={(expires_on) => onChange({ expires_on })}
        error={errors.expires_on}
      />

      <div className="flex flex-col gap-y-4 border-t pt-4">
        <Label size="small" weight="plus">
          {f("customer")}
        </Label>
        <FormField id="link-customer_name" label={f("customerName")} error={errors.customer_name}>
          <Input {...text("customer_name")} />
        </FormField>
        <FormField id="link-customer_phone" label={f("customerPhone")} hint={f("customerPhoneHint")} error={errors.customer_phone}>
          <Input {...text("customer_phone", { type: "tel", dir: "ltr", placeholder: "05XXXXXXXX" })} />
        </FormField>
        <FormField id="link-customer_email" label={f("customerEmail")} error={errors.customer_email}>
          <Input {...text("customer_email", { type: "email", dir: "ltr" })} />
        </FormField>
        <SwitchField
          id="link-send-sms"
          label={f("sendSms")}
          hint={f("sendSmsHint")}
          checked={form.send_sms}
          onChange={(send_sms) => onChange({ send_sms })}
          error={errors.send_sms}
        />
      </div>
    </div>
  )
}
