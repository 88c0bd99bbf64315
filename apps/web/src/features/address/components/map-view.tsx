import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import type { MapConfig } from '@/config/runtime';
import type { Point } from '../location';

interface MapViewProps {
  config: MapConfig;
  /** Where the map looks first; the whole world when unknown. */
  center?: Point;
  /** The marked point, if any. */
  marker?: Point;
  /** Tapping the map reports the point (the page moves the marker). */
  onPick?: (point: Point) => void;
  label: string;
}

const CLOSE_ZOOM = 16;

/** A Leaflet map on the configured tiles with at most one marker; the page decides what a tap means. */
export function MapView({ config, center, marker, onPick, label }: MapViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.CircleMarker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { zoomControl: true, attributionControl: true });
    L.tileLayer(config.tiles, { attribution: escapeText(config.attribution), maxZoom: 19 }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => pick.current?.({ latitude: e.latlng.lat, longitude: e.latlng.lng }));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      pin.current = null;
    };
  }, [config.tiles, config.attribution]);

  const [centerLat, centerLng] = [center?.latitude, center?.longitude];
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (centerLat !== undefined && centerLng !== undefined) m.setView([centerLat, centerLng], Math.max(m.getZoom() || 0, CLOSE_ZOOM));
    else if (!m.getZoom()) m.setView([20, 0], 2);
  }, [centerLat, centerLng]);

  const [markerLat, markerLng] = [marker?.latitude, marker?.longitude];
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (markerLat === undefined || markerLng === undefined) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    if (pin.current) pin.current.setLatLng([markerLat, markerLng]);
    else pin.current = L.circleMarker([markerLat, markerLng], { radius: 10, color: '#b4231b', weight: 3, fillColor: '#e8463b', fillOpacity: 0.9 }).addTo(m);
  }, [markerLat, markerLng]);

  return <div ref={box} className="address-map" role="application" aria-label={label} data-marker={marker ? `${marker.latitude},${marker.longitude}` : undefined} />;
}

/** The attribution is operator text shown as text: Leaflet would insert it as HTML. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
