import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Sweep items of kind `return`: a received return is followed until its refund is settled. */
export class Migration20261128120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "installments_sweep_item" drop constraint if exists "installments_sweep_item_kind_check";`)
    this.addSql(
      `alter table if exists "installments_sweep_item" add constraint "installments_sweep_item_kind_check" check ("kind" in ('session', 'canceled-order', 'return'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "installments_sweep_item" where "kind" = 'return';`)
    this.addSql(`alter table if exists "installments_sweep_item" drop constraint if exists "installments_sweep_item_kind_check";`)
    this.addSql(
      `alter table if exists "installments_sweep_item" add constraint "installments_sweep_item_kind_check" check ("kind" in ('session', 'canceled-order'));`
    )
  }
}
