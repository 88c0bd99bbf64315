import type { Rule } from 'eslint';

export const MODULE_ORDER: string[];
export function roomOf(file: string): { kind: 'module' | 'foundation' | 'app' | 'other'; name: string } | undefined;
export function orderViolation(file: string, specifier: string): string | undefined;
export const importOrder: Rule.RuleModule;
export const moduleOrderPlugin: { rules: Record<string, Rule.RuleModule> };
