import path from 'node:path';
import { appLayers } from '../../eslint-layers.js';

/**
 * The console's layers (docs/architecture.md, Console): `app/` composes (the router, the shell,
 * sign-in, and the pages that gather several areas, e.g. a member's profile with their ledger); the
 * pages of one area (`pages/<area>/`) never import another area's pages or the app; the shared
 * layer (`components/`, `lib/`) imports no page and not the app. Tests may reach across.
 */
export const consoleLayers = appLayers({
  src: path.join(import.meta.dirname, 'src'),
  areas: 'pages',
  area: 'page area',
  shared: ['components', 'lib'],
  app: ['app', 'main.tsx'],
  composes: 'app/ composes them',
});

export const { layerOf, targetOf, layerViolation, noCrossLayerImport } = consoleLayers;
