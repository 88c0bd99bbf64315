import type { Rule } from 'eslint';

export function layerOf(file: string): string | undefined;
export function targetOf(file: string, specifier: string): string | undefined;
export function layerViolation(file: string, specifier: string): string | undefined;
export const noCrossLayerImport: Rule.RuleModule;
export const layersPlugin: { rules: Record<string, Rule.RuleModule> };
