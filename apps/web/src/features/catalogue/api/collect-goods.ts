import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectGoods } from '@shop/contract';
import { call } from '@/lib/request';

/** Collects or un-collects goods; the detail page is refreshed with the answer. */
export function useCollectGoods(goodsId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (collect: boolean) => call(collectGoods, { goods_id: goodsId, collect }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['goods-info'] }),
  });
}
