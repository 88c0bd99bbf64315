import type { AddressSnapshot } from '@shop/contract/orders';
import { listCountriesShippedTo } from '@shop/contract/geo';
import { addressText, phoneText } from '@shop/contract/common';
import { useEndpointQuery } from '@/lib/endpoint-query';
import { useFullName } from '@/lib/person-name';

/** A shipping address as the order shows it, in the order its country writes it; the recipient in their own culture's name order and the country named in the member's language, as the address book does. */
export function AddressCard({ address }: { address: AddressSnapshot }) {
  // The countries the shop ships to, named in the member's language: the address book's list (one answer, shared).
  const fullName = useFullName();
  const countries = useEndpointQuery(listCountriesShippedTo, undefined, { staleTime: 10 * 60_000 }).data?.list;
  const country = countries?.find((c) => c.code === address.country_code)?.name || address.country_code;
  const place = addressText({ ...address, country_name: country, street: address.detail });
  return (
    <div className="order-address">
      <div className="order-address-name">
        {`${fullName(address.name, address.surname, address.country_code)} · ${phoneText(address.mobile_pre, address.mobile)}`}
      </div>
      <div>{place}</div>
    </div>
  );
}
