import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// Whether a stablecoin address can be one of its network's: a payout sent to an address of another
// network, or to a mistyped one, is lost. Shared by the app's form, the API and the console.

/** How each network the shop knows writes its addresses: Tron's base58check, or an EVM chain's hex. */
const ADDRESS_KIND: Record<string, 'tron' | 'evm'> = { TRC20: 'tron', ERC20: 'evm', BEP20: 'evm' };


/** What is wrong with an address for its network, as the i18n key the member reads; none when it may be one. */
export function cryptoAddressProblem(network: string, address: string): string | undefined {
  const kind = ADDRESS_KIND[network.trim().toUpperCase()];
  if (kind === 'tron') return isTronAddress(address) ? undefined : 'wallet.validation.tronAddress';
  if (kind === 'evm') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return 'wallet.validation.evmAddress';
    return hasEvmChecksum(address) ? undefined : 'wallet.validation.evmChecksum';
  }
  return /^[A-Za-z0-9]{20,100}$/.test(address) ? undefined : 'validation.invalid';
}

/** True when `address` may be one of `network`'s. */
export const isCryptoAddress = (network: string, address: string) => cryptoAddressProblem(network, address) === undefined;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 text as its bytes (leading `1`s are zero bytes); undefined for a character outside the alphabet. */
function base58Bytes(text: string): Uint8Array | undefined {
  let n = 0n;
  for (const c of text) {
    const digit = BASE58.indexOf(c);
    if (digit < 0) return undefined;
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; n > 0n; n >>= 8n) bytes.unshift(Number(n & 0xffn));
  const zeros = /^1*/.exec(text)![0].length;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]);
}

/** A Tron address: 34 base58 characters from `T`, 25 bytes: version 0x41, 20 of account, then the first 4 of the double SHA-256 of those 21. */
function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = base58Bytes(address);
  if (!bytes || bytes.length !== 25 || bytes[0] !== 0x41) return false;
  const check = sha256(sha256(bytes.subarray(0, 21)));
  return check.subarray(0, 4).every((b, i) => b === bytes[21 + i]);
}

/**
 * EIP-55: an address written in one case carries no checksum; in mixed case each letter is upper
 * exactly where the Keccak-256 (not NIST SHA3-256) of the lower-case hex has a nibble of 8 or more.
 */
function hasEvmChecksum(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex.toLowerCase())));
  return [...hex].every((c, i) => (/[0-9]/.test(c) ? true : (parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c.toLowerCase()) === c));
}
