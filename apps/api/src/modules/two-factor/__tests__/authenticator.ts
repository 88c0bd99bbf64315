import { generate } from 'otplib';

/**
 * The authenticator app: the code of `secret` `offsetSteps` 30-second steps away from now. The
 * previous step's code is accepted until the current step ends: it is never taken in a step's last
 * seconds, or a slow run would send it after it expired. The current step's code needs no such
 * wait (it stays accepted through the next step).
 */
export async function codeAt(secret: string, offsetSteps = 0): Promise<string> {
  const left = 30_000 - (Date.now() % 30_000);
  if (offsetSteps < 0 && left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}
