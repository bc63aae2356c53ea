import type pg from 'pg';

/** A query on the store's pool (refused once the store is closed). */
export type LimitQuery = <Row extends pg.QueryResultRow>(
  sql: string,
  values?: unknown[],
) => Promise<pg.QueryResult<Row>>;
