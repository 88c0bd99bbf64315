import { getProfile, saveProfile } from '@shop/contract/account';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Saves the nickname and the avatar. */
export const useSaveProfile = () => useEndpointMutation(saveProfile, { invalidates: [getProfile] });
