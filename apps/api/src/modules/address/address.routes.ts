import { createAddress, deleteAddress, listCitiesOfCountry, getAddress, listAddresses, setDefaultAddress, updateAddress } from '@shop/contract';
import { actorOf } from '../../plugins/actor.js';
import type { Api } from '../../plugins/routes.js';
import { listInternationalCities } from '../geo/geo.service.js';
import * as service from './address.service.js';

/** The member's shipping addresses. */
export function addressRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(listAddresses, ({ request, member }) => service.listAddresses(db, actorOf(request, member)));
  handle(getAddress, ({ query, request, member }) => service.getAddress(db, actorOf(request, member), query));
  handle(createAddress, ({ body, request, member }) => service.createAddress(db, actorOf(request, member), body));
  handle(updateAddress, ({ body, request, member }) => service.updateAddress(db, actorOf(request, member), body));
  handle(deleteAddress, ({ body, request, member }) => service.deleteAddress(db, actorOf(request, member), body));
  handle(setDefaultAddress, ({ body, request, member }) => service.setDefaultAddress(db, actorOf(request, member), body));
  handle(listCitiesOfCountry, ({ query, request, member }) => listInternationalCities(db, actorOf(request, member), query));
}
