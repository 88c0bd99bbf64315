import type { Rule } from 'eslint';

export interface AppLayers {
  layerOf(file: string): string | undefined;
  targetOf(file: string, specifier: string): string | undefined;
  layerViolation(file: string, specifier: string): string | undefined;
  noCrossLayerImport: Rule.RuleModule;
}

export function appLayers(model: { src: string; alias?: string; areas: string; area: string; shared: string[]; app: string[]; composes: string }): AppLayers;
export function layersPluginOf(...apps: AppLayers[]): { rules: Record<string, Rule.RuleModule> };
export function sweepLayers(src: string, layerViolation: AppLayers['layerViolation']): { files: number; imports: number; crossings: string[] };
