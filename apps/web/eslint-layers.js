import path from 'node:path';
import { appLayers } from '../../eslint-layers.js';

/**
 * The web app's layers (DESIGN.md): `app/` composes features; a feature (`features/<name>/`) never
 * imports another feature or the app; the shared layer (`lib/`, `components/`, `config/`,
 * `stores/`) imports no feature and not the app. Tests may reach across (a page test renders the app).
 */
export const webLayers = appLayers({
  src: path.join(import.meta.dirname, 'src'),
  alias: '@/',
  areas: 'features',
  area: 'feature',
  shared: ['lib', 'components', 'config', 'stores'],
  app: ['app', 'main.tsx'],
  composes: 'a page in app/ composes them',
});

export const { layerOf, targetOf, layerViolation, noCrossLayerImport } = webLayers;
export const layersPlugin = { rules: { 'no-cross-layer-import': noCrossLayerImport } };
