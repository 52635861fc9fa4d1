/** The part of the module's entity managers its raw statements use (MikroORM's `SqlEntityManager.execute`). */
export type SqlExecutor = { execute(sql: string, params: unknown[]): Promise<unknown> }
