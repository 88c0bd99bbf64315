import { Image } from 'antd-mobile';
import type { OrderSummary } from '@shop/contract/orders';
import { Amount } from '@/components/amount';
import { mediaUrl } from '@/lib/media-url';
import { useTranslation } from '@/lib/i18n';

/** What is said under a line: why it cannot be bought (`problem`) or what changed (`notice`). */
export interface OrderLineMark {
  kind: 'problem' | 'notice';
  text: string;
}

/** The goods of an order as they were bought (at checkout, as they would be: a line that cannot be bought is greyed, with its marks). */
export function OrderLines({ lines, currency }: { lines: Array<Pick<OrderSummary['lines'][number], 'id' | 'image' | 'name' | 'spec_text' | 'price' | 'num'> & { returned_num?: number; unavailable?: boolean; marks?: OrderLineMark[] }>; currency: string }) {
  const { t } = useTranslation();
  return (
    <div className="order-lines">
      {lines.map((l) => (
        <div className={`order-line ${l.unavailable ? 'order-line-unavailable' : ''}`} key={l.id}>
          {/* The name is written right beside it: the picture says nothing more to a screen reader. */}
          <Image src={mediaUrl(l.image)} alt="" width={64} height={64} fit="cover" className="order-line-image" />
          <div className="order-line-body">
            <div className="order-line-name">{l.name}</div>
            {l.spec_text && <div className="order-line-spec">{l.spec_text}</div>}
            {l.marks?.map((m) => (
              <div key={m.text} className={`order-line-${m.kind}`}>
                {m.text}
              </div>
            ))}
          </div>
          <div className="order-line-side">
            <Amount value={l.price} currency={currency} />
            <div className="order-line-num">{t('orders.lineCount', { count: l.num })}</div>
            {/* Units sent back and refunded: the member no longer holds them. */}
            {!!l.returned_num && <div className="order-line-num">{t('orders.lineReturned', { count: l.returned_num })}</div>}
          </div>
        </div>
      ))}
    </div>
  );
}
