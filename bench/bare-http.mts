/**
 * The floor for a read RPC: node:http, a JSON body in, one indexed lookup, JSON out. Uses pg on
 * DATABASE_URL, else an in-memory PGlite (the embedded database the site uses by default).
 */
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 3199);

type Query = (id: string) => Promise<unknown>;

async function openLookup(): Promise<Query> {
  const setup = 'create table if not exists bench_item (id text primary key, value text not null)';
  const seed = "insert into bench_item values ('a', 'alpha') on conflict do nothing";
  const select = 'select id, value from bench_item where id = $1';
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    await pool.query(setup);
    await pool.query(seed);
    return async (id) => (await pool.query(select, [id])).rows[0];
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  await db.query(setup);
  await db.query(seed);
  return async (id) => (await db.query(select, [id])).rows[0];
}

const lookup = await openLookup();
createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    const id = (JSON.parse(body || '{}') as { id?: string }).id ?? 'a';
    lookup(id).then(
      (row) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ row: row ?? null })),
      () => res.writeHead(500).end(),
    );
  });
}).listen(port, '127.0.0.1', () => console.log(`bare http on ${port}`));
