import { shopAddressCreate, shopAddressDelete, shopAddressGetGjCitys, shopAddressInfo, shopAddressList, shopAddressSetDefault, shopAddressUpdate } from '@shop/contract';
import { actorOf } from '../../lib/actor.js';
import type { Api } from '../../plugins/routes.js';
import { listInternationalCities } from '../geo/geo.service.js';
import * as service from './address.service.js';

/** The member's shipping addresses. */
export function addressRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(shopAddressList, ({ request, member }) => service.listAddresses(db, actorOf(request, member)));
  handle(shopAddressInfo, ({ query, request, member }) => service.getAddress(db, actorOf(request, member), query));
  handle(shopAddressCreate, ({ body, request, member }) => service.createAddress(db, actorOf(request, member), body));
  handle(shopAddressUpdate, ({ body, request, member }) => service.updateAddress(db, actorOf(request, member), body));
  handle(shopAddressDelete, ({ body, request, member }) => service.deleteAddress(db, actorOf(request, member), body));
  handle(shopAddressSetDefault, ({ body, request, member }) => service.setDefaultAddress(db, actorOf(request, member), body));
  handle(shopAddressGetGjCitys, ({ query, request, member }) => listInternationalCities(db, actorOf(request, member), query));
}
