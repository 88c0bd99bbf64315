import { resetForgottenPassword } from '@shop/contract';
import { call } from '@/lib/request';

export const resetPassword = (input: { account: string; code: string; password: string; password_confirm: string; google_code?: string }) => call(resetForgottenPassword, input);
