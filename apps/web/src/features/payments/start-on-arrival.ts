import { useEffect, useRef, useState } from 'react';
import type { PaymentInfo } from '@shop/contract/payments';
import { useNavigate } from '@/lib/router';
import { newIdempotencyKey } from '@/lib/request';
import { paymentQuery } from './next-page';
import { payableFrom, type Payable } from './payable';

type StartMutation = (idempotencyKey: string) => { mutateAsync: (input: Payable & { pay_way: string }) => Promise<PaymentInfo> };

/**
 * A gateway page opened with a method (`pay_way`) and a payable, the member having chosen it on
 * payNext: the payment is started once on arrival through the gateway's own call, then the page is
 * the payment's (`payment_no`), so going back or reloading never starts another. A failed start is
 * tried again by hand, as another request.
 */
export function useStartOnArrival(params: URLSearchParams, page: string, useStart: StartMutation) {
  const navigate = useNavigate();
  const payWay = params.get('pay_way');
  const payable = payableFrom(params);
  const starting = Boolean(payWay) && !params.get('payment_no') && payable.order_id > 0;
  const [key, setKey] = useState(newIdempotencyKey);
  const [failed, setFailed] = useState(false);
  const start = useStart(key);
  const sent = useRef<string>(undefined);

  useEffect(() => {
    if (!starting || !payWay || sent.current === key) return;
    sent.current = key;
    setFailed(false);
    start.mutateAsync({ ...payable, pay_way: payWay }).then(
      (p) => navigate(`${page}?${paymentQuery(p)}`, { replace: true }),
      () => setFailed(true),
    );
  }, [starting, payWay, key, start, payable, navigate, page]);

  return { starting, failed, retry: () => setKey(newIdempotencyKey()) };
}
