import {
  adminSetShippingCountries,
  adminShippingCountries,
  countryAddressCountry,
  countryAreaHuilvList,
  countryAreaSonList,
  countryGetAreaList,
  countryList,
  shopAddressGetJpCitys,
} from '@shop/contract';
import { actorOf, operatorActorOf } from '../../lib/actor.js';
import type { Api } from '../../plugins/routes.js';
import * as service from './geo.service.js';

/** Countries, the region tree and rates by country; the operator's list of shipping countries. */
export function geoRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(countryList, ({ request, member }) => service.listCountries(deps, actorOf(request, member)));
  handle(countryAddressCountry, ({ request, member }) => service.listShippingCountries(deps, actorOf(request, member)));
  handle(countryGetAreaList, ({ query, request, member }) => service.listTopRegions(deps, actorOf(request, member), query));
  handle(countryAreaSonList, ({ query, request, member }) => service.listChildRegions(deps, actorOf(request, member), query));
  handle(shopAddressGetJpCitys, ({ query, request, member }) => service.listJapanCities(deps, actorOf(request, member), query));
  handle(countryAreaHuilvList, ({ request, member }) => service.listCountryRates(db, actorOf(request, member)));
  handle(adminShippingCountries, ({ request, operator }) => service.shippingCountriesForOperator(db, operatorActorOf(request, operator.operatorId)));
  handle(adminSetShippingCountries, ({ body, request, operator }) =>
    service.setShippingCountries(deps, operatorActorOf(request, operator.operatorId), { ...body, recordedAs: `${operator.userName}#${operator.operatorId}` }),
  );
}
