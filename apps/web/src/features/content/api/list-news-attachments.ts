import { listNewsAttachments } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** Attachments of one news article, read only when it has some. */
export const useNewsAttachments = (id: number, enabled: boolean) => useEndpointQuery(listNewsAttachments, { news_id: id }, { enabled: enabled && id > 0 });
