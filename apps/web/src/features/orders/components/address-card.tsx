import type { AddressSnapshot } from '@shop/contract/orders';

/** A shipping address as the order shows it. */
export function AddressCard({ address }: { address: AddressSnapshot }) {
  const place = [address.house_number, address.detail, address.district, address.city, address.province, address.zip_code, address.country_code].filter(Boolean).join(', ');
  return (
    <div className="order-address">
      <div className="order-address-name">
        {[address.name, address.surname].filter(Boolean).join(' ')} · +{address.mobile_pre} {address.mobile}
      </div>
      <div>{place}</div>
    </div>
  );
}
