import { accountHooks } from '../members/member-hooks.js';
import { findRecentOrderIds } from './orders.queries.js';
import { hasOpenOrders } from './orders.service.js';

// Registered once per process when the orders routes are loaded: accounts asks, orders answers.
accountHooks.cancellationBlockers.push((db, userId) => hasOpenOrders(db, userId));
accountHooks.recentOrderIds = (db, userId) => findRecentOrderIds(db, userId, 5);
