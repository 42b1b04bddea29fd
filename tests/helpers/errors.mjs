// Assertions on the errors the adapter rejects with.
import assert from 'node:assert/strict';
import { MCPAdapterError } from '../../pkg/index.node.js';

/**
 * An Authorization header the tests send to servers that echo it back (tests of hostile
 * servers): no MCPAdapterError may ever carry its token, which {@link assertAdapterError}
 * checks for every error.
 */
export const SECRET = 'Bearer sk-TOPSECRET-7f3a9c-do-not-leak';
const SECRET_TOKEN = SECRET.split(' ')[1];

/**
 * Asserts that `err` is a well-formed MCPAdapterError (an Error named `MCPAdapterError` with a
 * non-empty string `code` and a string message) whose message, string form, stack and `data`
 * do not carry the token of {@link SECRET}.
 */
export function assertAdapterError(err) {
  assert.ok(err instanceof MCPAdapterError, `not an MCPAdapterError: ${err?.stack ?? err}`);
  assert.ok(err instanceof Error);
  assert.equal(err.name, 'MCPAdapterError');
  assert.equal(typeof err.code, 'string');
  assert.ok(err.code.length > 0);
  assert.equal(typeof err.message, 'string');
  for (const text of [err.message, String(err), String(err.stack), JSON.stringify(err.data ?? null)]) {
    assert.ok(!text.includes(SECRET_TOKEN), `error text leaks the secret: ${text}`);
  }
}

/**
 * Awaits a rejection of `promise`, asserts it with {@link assertAdapterError} (and its `code`,
 * when given) and returns the error.
 */
export async function rejectsWith(promise, code) {
  let caught;
  await assert.rejects(promise, (err) => {
    caught = err;
    return true;
  });
  assertAdapterError(caught);
  if (code !== undefined) assert.equal(caught.code, code, `expected ${code}, got ${caught.code}: ${caught.message}`);
  return caught;
}
