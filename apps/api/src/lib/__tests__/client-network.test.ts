import { describe, expect, it } from 'vitest';
import { limitKeyOf } from '../client-network.js';

describe('the network a client’s limits count under', () => {
  it('is an IPv4 address itself, written either way', () => {
    expect(limitKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(limitKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitKeyOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is written: every address of one network counts together', () => {
    const one = ['2001:db8:aa:1::1', '2001:db8:aa:1:ffff:ffff:ffff:ffff', '2001:0db8:00aa:0001:0:0:0:2', '2001:DB8:AA:1::9%eth0', '2001:db8:aa:1:1::'];
    expect(new Set(one.map(limitKeyOf))).toEqual(new Set(['2001:db8:aa:1::/64']));
    expect(limitKeyOf('2001:db8:aa:2::1')).toBe('2001:db8:aa:2::/64');
    expect(limitKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(limitKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKeyOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});
