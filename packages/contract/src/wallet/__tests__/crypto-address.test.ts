import { describe, expect, it } from 'vitest';
import { cryptoAddressProblem, isCryptoAddress } from '../crypto-address.js';
import { createCryptoWithdrawalBody } from '../wallet.schemas.js';
import { cryptoAddressesBody } from '../wallet.admin.js';

// Real addresses: Tether's USDT contract on Tron, and the EIP-55 specification's own examples.
const USDT_ON_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EIP55 = ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'];

describe('a stablecoin address checked for its network', () => {
  it('takes real addresses of each network the shop knows', () => {
    expect(isCryptoAddress('TRC20', USDT_ON_TRON)).toBe(true);
    for (const a of EIP55) {
      expect(isCryptoAddress('ERC20', a), a).toBe(true);
      expect(isCryptoAddress('BEP20', a), a).toBe(true);
      // Written in one case an EVM address carries no checksum, and stands.
      expect(isCryptoAddress('ERC20', a.toLowerCase()), a).toBe(true);
      expect(isCryptoAddress('erc20', `0x${a.slice(2).toUpperCase()}`), a).toBe(true);
    }
  });

  it('refuses an address of another network, or mistyped, saying which', () => {
    expect(cryptoAddressProblem('ERC20', 'TXabcdefghijklmnopqrstuvwxyz123456')).toBe('wallet.validation.evmAddress');
    expect(cryptoAddressProblem('BEP20', USDT_ON_TRON)).toBe('wallet.validation.evmAddress');
    expect(cryptoAddressProblem('TRC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe('wallet.validation.tronAddress');
    expect(cryptoAddressProblem('TRC20', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe('wallet.validation.tronAddress');
    // One character changed, or two swapped: the checksum catches it.
    expect(cryptoAddressProblem('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe('wallet.validation.tronAddress');
    expect(cryptoAddressProblem('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjt6')).toBe('wallet.validation.tronAddress');
    // Base58 has no 0, O, I or l; a Tron address is 34 characters.
    expect(cryptoAddressProblem('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60')).toBe('wallet.validation.tronAddress');
    expect(cryptoAddressProblem('TRC20', `${USDT_ON_TRON}1`)).toBe('wallet.validation.tronAddress');
    // Mixed case that is not the checksum's: one letter's case flipped.
    expect(cryptoAddressProblem('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe('wallet.validation.evmChecksum');
    expect(cryptoAddressProblem('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe('wallet.validation.evmAddress');
    expect(cryptoAddressProblem('ERC20', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00')).toBe('wallet.validation.evmAddress');
  });

  it('is the check of the withdrawal body and of the operators’ deposit pool, on the address field', () => {
    const body = { network: 'trc20', amount: '20', currency: 'USD', pay_password: '246810' };
    expect(createCryptoWithdrawalBody.safeParse({ ...body, address: USDT_ON_TRON }).success).toBe(true);
    const refused = createCryptoWithdrawalBody.safeParse({ ...body, address: '0x52908400098527886E0F7030069857D2E4169EE7' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['address', 'wallet.validation.tronAddress']]);
    expect(createCryptoWithdrawalBody.safeParse({ ...body, network: 'ERC20', address: 'TXabcdefghijklmnopqrstuvwxyz123456' }).error?.issues[0]?.message).toBe('wallet.validation.evmAddress');
    const pool = cryptoAddressesBody.safeParse({ network: 'ERC20', addresses: [EIP55[0], USDT_ON_TRON], reason: 'new wallet batch' });
    expect(pool.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['addresses.1', 'wallet.validation.evmAddress']]);
  });
});
