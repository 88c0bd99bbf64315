import '../address.css';
import { useEffect, useRef, useState } from 'react';
import { Button, SearchBar } from 'antd-mobile';
import { useNavigate, useSearchParams } from '@/lib/router';
import { paths } from '@/config/paths';
import { runtimeConfig } from '@/config/runtime';
import { PageHeader } from '@/components/page-header';
import { StateMessage } from '@/components/state-message';
import { showToast } from '@/lib/toast';
import { MapView } from '../components/map-view';
import { deviceLocation, describePoint, handOverLocation, parsePoint, searchPlaces, type ChosenLocation, type Point } from '../location';
import { useTranslation } from '@/lib/i18n';

const coordinates = (p: Point) => `${p.latitude.toFixed(6)}, ${p.longitude.toFixed(6)}`;

/**
 * Picks a point on the map (a tap, a search, or where the phone is) and hands it, with what the
 * geocoder knows of the place, back to the address form. `?lat=&lng=` starts at a saved point.
 */
export default function ChooseLocationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = runtimeConfig().map;
  const start = parsePoint(params.get('lat'), params.get('lng'));
  const [center, setCenter] = useState<Point | undefined>(start);
  const [chosen, setChosen] = useState<ChosenLocation | undefined>(start && { ...start, label: '' });
  const [looking, setLooking] = useState(false);
  const [results, setResults] = useState<ChosenLocation[]>();
  const pending = useRef<AbortController | null>(null);

  const lookUp = (point: Point) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setChosen({ latitude: point.latitude, longitude: point.longitude, label: '' });
    setLooking(true);
    void describePoint(point, controller.signal).then((place) => {
      if (controller.signal.aborted) return;
      setChosen(place);
      setLooking(false);
    });
  };

  useEffect(() => {
    if (start || !config.tiles) return;
    let live = true;
    void deviceLocation().then((here) => {
      if (live && here) setCenter(here);
    });
    return () => {
      live = false;
    };
    // Only where the page opens: later taps and searches move the map.
  }, []);
  useEffect(() => () => pending.current?.abort(), []);

  if (!config.tiles) {
    return (
      <div className="page address-page">
        <PageHeader title={t('app.page.chooseLocation')} />
        <StateMessage title={t('address.map.notConfigured')} text={t('address.map.enterByHand')} />
      </div>
    );
  }

  const search = async (text: string) => {
    if (!text.trim()) return setResults(undefined);
    try {
      setResults(await searchPlaces(text.trim()));
    } catch {
      setResults([]);
    }
  };
  const use = () => {
    if (!chosen) return;
    handOverLocation(chosen);
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(paths.address.edit, { replace: true });
  };
  const findMe = async () => {
    const here = await deviceLocation();
    if (!here) return showToast(t('address.map.noDeviceLocation'));
    setCenter(here);
    lookUp(here);
  };

  return (
    <div className="page address-page address-map-page">
      <PageHeader title={t('app.page.chooseLocation')} />
      {config.geocoder && (
        <div className="address-map-search">
          <SearchBar placeholder={t('address.map.searchPlaceholder')} onSearch={(v) => void search(v)} onClear={() => setResults(undefined)} aria-label={t('address.map.searchPlaceholder')} />
          {results && (
            <ul className="address-map-results" aria-label={t('address.map.results')}>
              {results.length === 0 && <li className="address-picker-empty">{t('address.noMatch')}</li>}
              {results.map((r) => (
                <li key={`${r.latitude},${r.longitude}`}>
                  <button
                    type="button"
                    className="address-option"
                    onClick={() => {
                      setResults(undefined);
                      setCenter({ latitude: r.latitude, longitude: r.longitude });
                      setChosen(r);
                    }}
                  >
                    {r.label || coordinates(r)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <MapView config={config} center={center} marker={chosen} onPick={lookUp} label={t('address.map.tapToChoose')} />
      <div className="address-footer address-map-footer">
        <div className="address-map-chosen" aria-live="polite">
          {chosen ? (looking ? t('address.map.looking') : chosen.label || coordinates(chosen)) : t('address.map.tapToChoose')}
        </div>
        <div className="address-map-actions">
          <Button onClick={() => void findMe()}>{t('address.map.myLocation')}</Button>
          <Button color="primary" disabled={!chosen || looking} onClick={use}>
            {t('address.map.use')}
          </Button>
        </div>
      </div>
    </div>
  );
}
