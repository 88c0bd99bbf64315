import { registerPushDevice } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './devices.service.js';

/** The member's phones in the native app shell: the push token registered after a login. */
export function devicesRoutes(api: Api): void {
  const { db } = api.deps;
  api.handle(registerPushDevice, ({ actor, body }) => service.registerPushDevice(db, actor, body), { rateLimit: { max: 20, timeWindow: 60_000 } });
}
