import { listPopups } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** Popups for the current member or visitor (snoozed ones are hidden by the popup store). */
export const usePopupList = () => useEndpointQuery(listPopups, undefined);
