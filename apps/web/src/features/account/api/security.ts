import { bindGoogleAuthenticator, bindMobileOrEmail, createGoogleAuthenticator, saveProfile, setPayPassword } from '@shop/contract';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

const keep = <T extends { id: number }>(user: T) => {
  useSession.getState().setUser(user);
  return user;
};

/** Binds or changes the e-mail or phone with the code sent to it. */
export const bindContact = async (input: { email?: string; mobile_pre?: string; mobile?: string; code: string; google_code?: string }) => keep(await call(bindMobileOrEmail, input));

export const saveMemberProfile = async (input: { nickname?: string; avatar?: string }) => keep(await call(saveProfile, input));

export const createAuthenticatorSecret = () => call(createGoogleAuthenticator);
export const bindAuthenticator = (code: string) => call(bindGoogleAuthenticator, { code });

export const savePayPassword = (input: { password: string; password_confirm: string; code: string; google_code?: string }) => call(setPayPassword, input);
