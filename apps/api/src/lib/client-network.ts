/**
 * What a client's rate limits count under: an IPv4 address as it is (an IPv4-mapped IPv6 address
 * as its IPv4 form), and an IPv6 address by its /64 network, the block one subscriber or one
 * machine is given: one client holds billions of addresses in it, so counting per address would
 * let it step past every limit by changing the last half.
 */
export function limitKeyOf(ip: string): string {
  if (!ip.includes(':')) return ip;
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) stands for two groups.
  const width = (parts: string[]) => parts.reduce((n, p) => n + (p.includes('.') ? 2 : 1), 0);
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - width(left) - width(right))).fill('0'), ...right];
  const network = groups.slice(0, 4).map((g) => (g.includes('.') ? g : (parseInt(g || '0', 16) || 0).toString(16)));
  while (network.length < 4) network.push('0');
  return `${network.join(':')}::/64`;
}
