import { getAgreement } from '@shop/contract/content';
import type { EndpointQueryInput } from '@shop/contract/common';
import { useEndpointQuery } from '@/lib/endpoint-query';

export type AgreementKind = NonNullable<EndpointQueryInput<typeof getAgreement>>['type'];

/** An agreement (user, privacy, purchase) in the app's language. */
export const useAgreement = (kind: AgreementKind) => useEndpointQuery(getAgreement, { type: kind });
