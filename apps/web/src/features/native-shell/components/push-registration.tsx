import { useEffect } from 'react';
import { pushDeviceBody } from '@shop/contract/account';
import { askShell } from '@/lib/native-bridge';
import { useSession } from '@/stores/session';
import { savePushDevice } from '../api/register-push-device';

/** The login whose phone was registered in this tab, so a page change does not ask again. */
let registeredFor = '';

/**
 * Inside the native shell, once a member is logged in (a login, or a stored session at start): asks
 * the shell for the phone's push token (`pushToken`) and registers it with the server, once per login.
 * A shell that has none, refuses or does not answer leaves the member without pushes, nothing more.
 */
export default function PushRegistration() {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token || registeredFor === token) return;
    registeredFor = token;
    void (async () => {
      const outcome = await askShell<{ token?: unknown; platform?: unknown; provider?: unknown }>('pushToken');
      if (outcome.kind !== 'answered') return;
      const device = pushDeviceBody.safeParse(outcome.answer);
      // The session may have ended while the shell answered.
      if (!device.success || useSession.getState().token !== token) return;
      await savePushDevice(device.data).catch(() => {
        registeredFor = '';
      });
    })();
  }, [token]);
  return null;
}
