import type { AppLayers } from '../../eslint-layers.js';

export const consoleLayers: AppLayers;
export const layerOf: AppLayers['layerOf'];
export const targetOf: AppLayers['targetOf'];
export const layerViolation: AppLayers['layerViolation'];
export const noCrossLayerImport: AppLayers['noCrossLayerImport'];
