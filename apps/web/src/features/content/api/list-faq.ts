import { listFaq } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** Frequently asked questions (the support page shows them all). */
export const useFaq = () => useEndpointQuery(listFaq, { limit: 100 });
