import { registerPushDevice, type PushDevice } from '@shop/contract/account';
import { call } from '@/lib/request';

/** Tells the server the phone's push token for the member's login (`POST /user/device/pushToken`). */
export const savePushDevice = (device: PushDevice) => call(registerPushDevice, device, { quiet: true, showLoading: false });
