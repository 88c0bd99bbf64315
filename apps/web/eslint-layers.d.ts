import type { Rule } from 'eslint';
import type { AppLayers } from '../../eslint-layers.js';

export const webLayers: AppLayers;
export const layerOf: AppLayers['layerOf'];
export const targetOf: AppLayers['targetOf'];
export const layerViolation: AppLayers['layerViolation'];
export const noCrossLayerImport: AppLayers['noCrossLayerImport'];
export const layersPlugin: { rules: Record<string, Rule.RuleModule> };
