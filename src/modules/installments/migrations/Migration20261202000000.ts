import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The links this store made, by payment session (models/link-made.ts): the orphan refund's proof (D33). */
export class Migration20261202000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "installments_link_made" ("id" text not null, "session_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "installments_link_made_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_link_made_deleted_at" ON "installments_link_made" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_link_made_session_id" ON "installments_link_made" ("session_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_installments_link_made_created_at" ON "installments_link_made" ("created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "installments_link_made" cascade;`)
  }
}
