import { createHash } from 'node:crypto';

// Addresses of their network for tests, apart from the wallet fixtures so that browser tests can use
// them without the API's test app.

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** A well-formed Tron (TRC20) address of its own for each `seed`: version 0x41, 20 bytes, then the double SHA-256 checksum, in base58. */
export function tronAddressOf(seed: string): string {
  const body = Buffer.concat([Buffer.from([0x41]), sha256(Buffer.from(seed)).subarray(0, 20)]);
  let n = BigInt(`0x${Buffer.concat([body, sha256(sha256(body)).subarray(0, 4)]).toString('hex')}`);
  let text = '';
  for (; n > 0n; n /= 58n) text = BASE58[Number(n % 58n)] + text;
  return text;
}

/** A well-formed EVM (ERC20, BEP20) address of its own for each `seed`, in lower case (which carries no checksum). */
export const evmAddressOf = (seed: string) => `0x${sha256(Buffer.from(seed)).toString('hex').slice(0, 40)}`;
