import { getAgreement } from '@shop/contract/content';
import type { EndpointQueryInput } from '@shop/contract/common';
import { useEndpointQuery } from '@/lib/endpoint-query';

export type AgreementKind = NonNullable<EndpointQueryInput<typeof getAgreement>>['type'];

/** An agreement (user, privacy) in the app's language: the call (and, keyed by its path, the answer) of the content feature's agreement page. */
export const useAgreement = (kind: AgreementKind) => useEndpointQuery(getAgreement, { type: kind });
