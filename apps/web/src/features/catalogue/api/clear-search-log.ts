import { clearSearchLog, listSearchLog } from '@shop/contract/catalogue';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Clears the member's search log. */
export const useClearSearchLog = () => useEndpointMutation(clearSearchLog, { invalidates: [listSearchLog] });
