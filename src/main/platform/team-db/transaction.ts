// One transaction on a connection of the pool: committed when `work` resolves, rolled back when it
// throws, the connection always given back. Every multi-statement change of the team server goes
// through here, so none is left half done.
import type pg from 'pg';

export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const out = await work(client);
    await client.query('commit');
    return out;
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}
