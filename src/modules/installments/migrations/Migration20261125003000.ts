import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Ties each webhook key to the provider registration it was made for. Existing keys take the
 * registration named by the path of the endpoint they were registered for
 * (`/hooks/payment/installments_<id>`, as the admin registers it); a key whose URL names none keeps
 * no registration and verifies nothing until it is registered again (docs/decisions.md, D23).
 */
export class Migration20261125003000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "installments_webhook_key" add column if not exists "provider_id" text null;`)
    this.addSql(
      `update "installments_webhook_key" set "provider_id" = substring(replace(replace("url", '%5F', '_'), '%5f', '_') from '/hooks/payment/(?:pp_)?installments_([^/?#]+)') where "provider_id" is null and "url" is not null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "installments_webhook_key" drop column if exists "provider_id";`)
  }
}
