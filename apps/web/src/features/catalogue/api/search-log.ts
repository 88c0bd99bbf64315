import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearSearchLog, listSearchLog } from '@shop/contract';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

export function useSearchLog() {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: ['search-log', token], queryFn: () => call(listSearchLog, undefined, { quiet: true }), enabled: Boolean(token), staleTime: 0 });
}

export function useClearSearchLog() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => call(clearSearchLog), onSuccess: () => client.invalidateQueries({ queryKey: ['search-log'] }) });
}
