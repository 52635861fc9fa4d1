import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Sweep items of kind `return`: a received return is followed until its refund is settled, and each
 * receipt counts a generation, so a run that read the order before a later receipt never closes it.
 */
export class Migration20261128120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "installments_sweep_item" drop constraint if exists "installments_sweep_item_kind_check";`)
    this.addSql(
      `alter table if exists "installments_sweep_item" add constraint "installments_sweep_item_kind_check" check ("kind" in ('session', 'canceled-order', 'return'));`
    )
    this.addSql(`alter table if exists "installments_sweep_item" add column if not exists "generation" integer not null default 0;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "installments_sweep_item" drop column if exists "generation";`)
    this.addSql(`delete from "installments_sweep_item" where "kind" = 'return';`)
    this.addSql(`alter table if exists "installments_sweep_item" drop constraint if exists "installments_sweep_item_kind_check";`)
    this.addSql(
      `alter table if exists "installments_sweep_item" add constraint "installments_sweep_item_kind_check" check ("kind" in ('session', 'canceled-order'));`
    )
  }
}
