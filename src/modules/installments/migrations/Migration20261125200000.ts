import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Refund intents: the ledger row is written before the refund is sent, and at most one per transaction is unresolved. */
export class Migration20261125200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "installments_refund" drop constraint if exists "installments_refund_status_check";`)
    this.addSql(
      `alter table if exists "installments_refund" add constraint "installments_refund_status_check" check ("status" in ('sending', 'unknown', 'P', 'R', 'failed'));`
    )
    this.addSql(`alter table if exists "installments_refund" add column if not exists "medusa_refund_id" text null;`)
    this.addSql(
      `alter table if exists "installments_refund" add column if not exists "record_in_medusa" boolean not null default false;`
    )
    this.addSql(`alter table if exists "installments_refund" add column if not exists "payment_session_id" text null;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_refund_record_in_medusa" ON "installments_refund" ("id") WHERE record_in_medusa AND deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_refund_idempotency_key" ON "installments_refund" ("idempotency_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_installments_refund_transaction_id_unique" ON "installments_refund" ("transaction_id") WHERE status IN ('sending', 'unknown') AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_installments_refund_transaction_id_unique";`)
    this.addSql(`drop index if exists "IDX_installments_refund_idempotency_key";`)
    this.addSql(`drop index if exists "IDX_installments_refund_record_in_medusa";`)
    this.addSql(`alter table if exists "installments_refund" drop column if exists "payment_session_id";`)
    this.addSql(`alter table if exists "installments_refund" drop column if exists "record_in_medusa";`)
    this.addSql(`alter table if exists "installments_refund" drop column if exists "medusa_refund_id";`)
    this.addSql(`alter table if exists "installments_refund" drop constraint if exists "installments_refund_status_check";`)
    this.addSql(
      `alter table if exists "installments_refund" add constraint "installments_refund_status_check" check ("status" in ('P', 'R', 'failed'));`
    )
  }
}
