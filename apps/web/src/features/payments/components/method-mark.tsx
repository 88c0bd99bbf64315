import type { ReactNode } from 'react';
import type { PayMethod } from '@shop/contract/payments';

// A small mark beside each pay method, drawn here (no provider's artwork): a card, the wallet's own
// kinds as glyphs, and the rails and e-wallets as their name set in a rounded badge.

const W = 40;
const H = 26;

/** A rounded badge with a short name in it. */
function badge(text: string, background: string, color = '#fff', size = 10): ReactNode {
  return (
    <>
      <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="5" fill={background} />
      <text x={W / 2} y={H / 2 + size * 0.36} textAnchor="middle" fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" fontWeight="700" fontSize={size} fill={color}>
        {text}
      </text>
    </>
  );
}

/** A glyph on a light tile. */
function tile(children: ReactNode, stroke = '#1677ff'): ReactNode {
  return (
    <>
      <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="5" fill="#f3f6fb" stroke="#dfe5ee" />
      <g fill="none" stroke={stroke} strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </g>
    </>
  );
}

const CARD = tile(
  <>
    <rect x="9" y="6" width="22" height="14" rx="2" />
    <path d="M9 10.5h22" strokeWidth="2.4" />
    <path d="M12.5 16h5" />
  </>,
  '#2f3b52',
);
const WALLET = tile(
  <>
    <rect x="10" y="7" width="20" height="13" rx="2" />
    <path d="M24 12h6v4h-6a2 2 0 0 1 0-4z" />
  </>,
  '#0f7b5f',
);
const STAR = tile(<path d="M20 5.8l2.3 4.7 5.2.7-3.8 3.6.9 5.1-4.6-2.4-4.6 2.4.9-5.1-3.8-3.6 5.2-.7z" />, '#d48806');
const GIFT = tile(
  <>
    <rect x="11" y="11" width="18" height="9" rx="1" />
    <path d="M10 8.5h20v2.5H10zM20 8.5V20M20 8.5c-2-3-6-3-5 0M20 8.5c2-3 6-3 5 0" />
  </>,
  '#c41d7f',
);

/** The mark of a method: by what it is (its rail), whichever gateway takes it. */
function markOf(m: Pick<PayMethod, 'method' | 'pay_way' | 'gateway'>): ReactNode {
  if (m.gateway === null) {
    if (/points/.test(m.method)) return STAR;
    if (m.method === 'gift_card') return GIFT;
    return WALLET;
  }
  switch (m.method) {
    case 'fpx':
      return badge('FPX', '#1f3a93');
    case 'grabpay':
      return badge('Grab', '#00a650');
    case 'tng':
      return badge('TnG', '#0b5ed7', '#fff', 11);
    case 'boost':
      return badge('Boost', '#e4002b');
    case 'promptpay':
      return badge('Prompt', '#0d3b66', '#fff', 9);
    case 'wechat_h5':
    case 'wechat_jsapi':
      return badge('WeChat', '#07a35a', '#fff', 9);
    case 'alipay_wap':
      return badge('Alipay', '#1677ff', '#fff', 9.5);
    default:
      return CARD;
  }
}

/** A method's mark, decorative: the method's name beside it says what it is. */
export function MethodMark({ method }: { method: Pick<PayMethod, 'method' | 'pay_way' | 'gateway'> }) {
  return (
    <svg className="pay-method-mark" width={W} height={H} viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false" data-mark={method.pay_way}>
      {markOf(method)}
    </svg>
  );
}
