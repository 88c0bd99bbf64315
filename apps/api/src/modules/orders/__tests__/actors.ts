import type { Actor } from '../../../lib/actor.js';

/** A member as the actor of a service call made by a test. */
export const memberActor = (memberId: number, lang: Actor['lang'] = 'en-us'): Actor => ({ kind: 'member', memberId, ip: '127.0.0.1', lang, requestId: `test-${memberId}-${Math.random().toString(36).slice(2, 8)}` });
