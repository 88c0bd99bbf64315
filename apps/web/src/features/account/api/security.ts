import { bindGoogleAuthenticator, bindMobileOrEmail, createGoogleAuthenticator, saveProfile, setPayPassword } from '@shop/contract';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

const keep = <T extends { id: number }>(user: T) => {
  useSession.getState().setUser(user);
  return user;
};

/** The step-up proof: the current password, or the authenticator's code once one is bound. */
export type StepUp = { current_password?: string; google_code?: string };

/** Binds or changes the e-mail or phone with the code sent to it. */
export const bindContact = async (input: StepUp & { email?: string; mobile_pre?: string; mobile?: string; code: string }) => keep(await call(bindMobileOrEmail, input));

export const saveMemberProfile = async (input: { nickname?: string; avatar?: string }) => keep(await call(saveProfile, input));

export const createAuthenticatorSecret = () => call(createGoogleAuthenticator);
export const bindAuthenticator = (code: string, currentPassword: string) => call(bindGoogleAuthenticator, { code, current_password: currentPassword });

export const savePayPassword = (input: StepUp & { password: string; password_confirm: string; code: string }) => call(setPayPassword, input);
