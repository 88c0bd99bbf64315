import '../address.css';
import { useSearchParams } from '@/lib/router';
import { runtimeConfig } from '@/config/runtime';
import { PageHeader } from '@/components/page-header';
import { StateMessage } from '@/components/state-message';
import { MapView } from '../components/map-view';
import { parsePoint } from '../location';
import { useTranslation } from '@/lib/i18n';

/** Shows one place on the map: `?lat=&lng=` with an optional `name` and `address` to show beside it. */
export default function OpenLocationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = runtimeConfig().map;
  const point = parsePoint(params.get('lat'), params.get('lng'));
  const name = params.get('name')?.trim() ?? '';
  const address = params.get('address')?.trim() ?? '';

  const place = (name || address) && (
    <section className="address-card" aria-label={name || address}>
      {name && <div className="address-card-who">{name}</div>}
      {address && <div className="address-card-where">{address}</div>}
    </section>
  );

  let body;
  if (!point) body = <StateMessage title={t('address.map.noPlace')} text={t('address.map.noPlaceText')} />;
  else if (!config.tiles) body = <StateMessage title={t('address.map.notConfigured')} text={t('address.map.noMapText')} />;
  else body = <MapView config={config} center={point} marker={point} label={name || address || t('app.page.location')} />;

  return (
    <div className="page address-page address-map-page">
      <PageHeader title={t('app.page.location')} />
      {body}
      {place}
    </div>
  );
}
