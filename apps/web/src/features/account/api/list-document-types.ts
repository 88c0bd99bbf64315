import { listDocumentTypes } from '@shop/contract/account';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The identity documents a real-name request may use, named in the app's language. */
export const useDocumentTypes = () => useEndpointQuery(listDocumentTypes, undefined, { staleTime: Infinity });
