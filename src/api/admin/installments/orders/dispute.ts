/**
 * When the service reported a dispute on a transaction; always null until the plugin keeps disputes
 * (the dispute model of the returns work). Wire it to that model's lookup.
 */
export const disputedAt = (_transactionId: string | null): string | null => null
