import { adminCreateCharityCause, cancelLoversOrder, getLoversCentre, listLoversOrders, payLoversOrder } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './charity.service.js';

export function charityRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(payLoversOrder, ({ body, actor }) => service.pledge(db, actor, body));
  handle(cancelLoversOrder, ({ body, actor }) => service.cancelPledge(deps, actor, body));
  handle(getLoversCentre, ({ actor }) => service.charityCentre(db, actor));
  handle(listLoversOrders, ({ query, actor }) => service.listPledges(db, actor, query));
  handle(adminCreateCharityCause, ({ body, actor }) => service.createCause(db, actor, body));
}
