// Runtime configuration of the H5 shop, read before the app starts. Edit it in the built app
// (dist/config.js) to point the app at other hosts without rebuilding. Empty strings mean
// "the same origin as the app".
window.SHOP_CONFIG = {
  // API hosts: `default` for the international deployment, `cn` for the China one.
  api: { default: '', cn: '' },
  // Upload hosts (host_id 1 is the default one, 3 the .com one).
  upload: { default: '', cn: '' },
  // External lookups that tell the visitor's country, tried in parallel with a 3 s timeout.
  // `format`: 'trace' (lines of key=value with loc= and ip=, like a CDN trace) or 'json'
  // (with `countryField` and optional `ipField`). None configured: the default hosts are used.
  regionLookups: [],
  // Where the app-download prompt sends visitors (the server's /web/version may override it).
  appDownloadUrl: '',
  // The map of /choose-location and /open-location: a tile URL template ({z}/{x}/{y}), the credit the
  // tile provider asks for, and a Nominatim-compatible geocoder for search and address-from-a-point.
  // Left empty, the map pages say maps are not set up and addresses are entered by hand.
  map: { tiles: '', attribution: '', geocoder: '' },
};
