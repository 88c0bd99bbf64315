import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';

/**
 * The native app shell's push address of this phone (its `pushToken` answer), registered after a
 * login so member messages can reach the phone (docs/native-shell.md). An extension of the spec's
 * list (docs/decisions/2026-11-24-native-shell-bridge.md).
 */
export const pushDeviceBody = z.object({
  // FCM's registration tokens are about 160 characters and APNs' device tokens 64: printable, no spaces.
  token: z.string().trim().min(16).max(512).regex(/^[\x21-\x7e]+$/),
  platform: z.enum(['ios', 'android']),
  provider: z.enum(['fcm', 'apns']),
});
export type PushDevice = z.infer<typeof pushDeviceBody>;

export const registerPushDevice = endpoint({ method: 'POST', path: '/user/device/pushToken', auth: 'member', area: 'account', body: pushDeviceBody, data: z.object({ registered: z.literal(true) }) });
