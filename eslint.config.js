import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { consoleLayers } from './apps/admin/eslint-layers.js';
import { moduleOrderPlugin } from './apps/api/eslint-module-order.js';
import { webLayers } from './apps/web/eslint-layers.js';
import { layersPluginOf } from './eslint-layers.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // SQL lives in *.queries.ts (and migrations, seeds, tests): services and routes call query functions.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.queries.ts', '**/db/migrations/**', '**/*.seed.ts', '**/seed/**', '**/demo/**', '**/__tests__/**', '**/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]",
          message: 'The query builder belongs in a *.queries.ts file: call a query function from there.',
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'sql templates belong in a *.queries.ts file.' },
        { selector: "CallExpression[callee.object.name='sql']", message: 'sql helpers belong in a *.queries.ts file.' },
      ],
    },
  },
  {
    // The API's rooms: modules in their declared order, the foundation below them, composition on top.
    files: ['apps/api/src/**/*.ts'],
    plugins: { modules: moduleOrderPlugin },
    rules: { 'modules/import-order': 'error' },
  },
  {
    // The apps' layers: web features and console page areas never import each other or the app;
    // the shared layer (lib/, components/ …) imports none of them.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    plugins: { layers: layersPluginOf(webLayers, consoleLayers) },
    rules: { 'layers/no-cross-layer-import': 'error' },
  },
  {
    // The member app lays fields out with components/field-list.tsx: antd-mobile's Form brings a
    // second form library (rc-field-form, async-validator) into every form page for layout alone.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'antd-mobile', importNames: ['Form'], message: 'Lay fields out with FieldList and FieldItem (components/field-list.tsx).' }] }],
    },
  },
);
