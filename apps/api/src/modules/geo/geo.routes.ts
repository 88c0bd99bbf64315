import {
  adminSetShippingCountries,
  adminShippingCountries,
  listCountriesShippedTo,
  listRatesByCountry,
  listRegionChildren,
  listCountryRegions,
  listAllCountries,
  listJapaneseCities,
} from '@shop/contract';
import { actorOf, operatorActorOf } from '../../plugins/actor.js';
import type { Api } from '../../plugins/routes.js';
import * as service from './geo.service.js';

/** Countries, the region tree and rates by country; the operator's list of shipping countries. */
export function geoRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(listAllCountries, ({ request, member }) => service.listCountries(deps, actorOf(request, member)));
  handle(listCountriesShippedTo, ({ request, member }) => service.listShippingCountries(deps, actorOf(request, member)));
  handle(listCountryRegions, ({ query, request, member }) => service.listTopRegions(deps, actorOf(request, member), query));
  handle(listRegionChildren, ({ query, request, member }) => service.listChildRegions(deps, actorOf(request, member), query));
  handle(listJapaneseCities, ({ query, request, member }) => service.listJapanCities(deps, actorOf(request, member), query));
  handle(listRatesByCountry, ({ request, member }) => service.listCountryRates(db, actorOf(request, member)));
  handle(adminShippingCountries, ({ request, operator }) => service.shippingCountriesForOperator(db, operatorActorOf(request, operator.operatorId)));
  handle(adminSetShippingCountries, ({ body, request, operator }) =>
    service.setShippingCountries(deps, operatorActorOf(request, operator.operatorId), { ...body, recordedAs: `${operator.userName}#${operator.operatorId}` }),
  );
}
