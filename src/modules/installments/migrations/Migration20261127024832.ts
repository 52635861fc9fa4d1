import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** SMS sent with a checkout's link, counted per customer and per phone hash for the hourly limit (D38). */
export class Migration20261127024832 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "installments_sms_send" ("id" text not null, "customer_id" text not null, "phone_hash" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "installments_sms_send_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_sms_send_deleted_at" ON "installments_sms_send" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_sms_send_customer_id_created_at" ON "installments_sms_send" ("customer_id", "created_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_sms_send_phone_hash_created_at" ON "installments_sms_send" ("phone_hash", "created_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_sms_send_created_at" ON "installments_sms_send" ("created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "installments_sms_send" cascade;`)
  }
}
