// An AuthStorage for mcp-wasm-adapter/auth in PostgreSQL, for processes that share one
// person's sign-ins and tokens (several workers, a serverless function and the page that
// receives the OAuth callback): entries in a table, and `lock(key, task)` as an advisory lock
// per key, held on a connection of its own while the task runs. Not a dependency of the
// package: copy it into your app, which brings `pg` (node-postgres). tests/auth-postgres.test.mjs
// runs it in separate processes against a real authorization server.
//
//   import pg from "pg";
//   import { OAuthProvider } from "mcp-wasm-adapter/auth";
//   import { createAuthTable, pgAuthStorage } from "./pg-auth-storage.mjs";
//
//   const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
//   await createAuthTable(pool);                    // once, at deploy or start-up
//   const auth = new OAuthProvider({ redirectUrl, interrupt: true, storage: pgAuthStorage(pool), keyPrefix: `user:${userId}:` });
//
// What the lock guarantees: one holder per key across every process using the table; the
// holder's writes (autocommitted through the pool) are visible to the next one; the lock is
// released however the task ends. Bounds: a waiter gives up after `lockTimeoutMs` (the
// request then fails with `authorization_failed`); a holder that dies loses the lock with its
// session: at once when its process ends (the kernel closes the connection, PostgreSQL ends
// the session), and after about 25 s of unanswered TCP keepalives (idle 10 s, then 3 probes
// 5 s apart, set on the lock's connection) when its machine or network goes away. A holder
// that is alive but stuck keeps it: the waiters' `lockTimeoutMs` is the bound then.
import { createHash } from 'node:crypto';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** The table name, checked to be a plain SQL identifier (it is written into the statements). */
function tableName(table) {
  if (!IDENTIFIER.test(table)) throw new TypeError(`table must be a lowercase SQL identifier, not ${JSON.stringify(table)}`);
  return table;
}

/**
 * Creates the table if it is not there: `key` (the provider's storage key, with its
 * keyPrefix), `value` (the JSON entry), `updated_at`. Run it once before the processes start
 * (concurrent CREATE TABLE IF NOT EXISTS can fail in PostgreSQL).
 * @param {import('pg').Pool} pool
 * @param {{ table?: string }} [options]
 */
export async function createAuthTable(pool, { table = 'mcp_auth' } = {}) {
  await pool.query(`CREATE TABLE IF NOT EXISTS ${tableName(table)} (key text PRIMARY KEY, value jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
}

/** The advisory lock id of a key: the first 8 bytes of SHA-256 of the table and key, as a signed bigint. */
function lockId(table, key) {
  return createHash('sha256').update(`${table}\0${key}`).digest().readBigInt64BE(0).toString();
}

/**
 * The storage. `pool` needs two connections or more per concurrent sign-in or refresh (the
 * lock holds one while the task reads and writes through another).
 * @param {import('pg').Pool} pool
 * @param {{ table?: string, lockTimeoutMs?: number }} [options] `lockTimeoutMs`: how long a
 *   waiter waits for the lock (default 60000, a positive integer)
 */
export function pgAuthStorage(pool, { table = 'mcp_auth', lockTimeoutMs = 60_000 } = {}) {
  const name = tableName(table);
  if (!Number.isSafeInteger(lockTimeoutMs) || lockTimeoutMs <= 0) throw new TypeError('lockTimeoutMs must be a positive integer');
  return {
    async get(key) {
      const { rows } = await pool.query(`SELECT value FROM ${name} WHERE key = $1`, [key]);
      return rows[0]?.value;
    },
    async set(key, value) {
      await pool.query(`INSERT INTO ${name} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`, [key, JSON.stringify(value)]);
    },
    async delete(key) {
      await pool.query(`DELETE FROM ${name} WHERE key = $1`, [key]);
    },
    async lock(key, task) {
      const id = lockId(name, key);
      const connection = await pool.connect();
      let broken;
      try {
        // keepalives for the session while it holds the lock; the wait bounded by a lock_timeout
        // local to the transaction (a session-level advisory lock outlives the COMMIT)
        await connection.query(`SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3;
          BEGIN; SET LOCAL lock_timeout = ${lockTimeoutMs}; SELECT pg_advisory_lock(${id}); COMMIT`);
      } catch (error) {
        broken = error; // a timeout or a lost connection: the connection is not reused
        throw error;
      } finally {
        if (broken) connection.release(broken);
      }
      try {
        return await task();
      } finally {
        // an unlock that fails closes the connection instead, which ends the session and its lock
        await connection.query(`SELECT pg_advisory_unlock(${id})`).then(() => connection.release(), (error) => connection.release(error));
      }
    },
  };
}
