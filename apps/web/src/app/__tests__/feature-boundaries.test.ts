import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { sweepLayers } from '../../../../../eslint-layers.js';
import { layerViolation, noCrossLayerImport } from '../../../eslint-layers.js';

// DESIGN.md: features never import each other or the app (pages in app/ compose them), and the
// shared layer (lib/, components/, config/, stores/) imports no feature. `npm run lint` enforces
// it with the rule tested here; this test also sweeps every file, css included.
const SRC = path.resolve(import.meta.dirname, '../..');

const at = (rel: string) => path.join(SRC, rel);

describe('the layers of the web app', () => {
  const sweep = sweepLayers(SRC, layerViolation);

  it('scans the app and its imports', () => {
    expect(sweep.files).toBeGreaterThan(100);
    expect(sweep.imports).toBeGreaterThan(400);
  });

  it('refuses an import of another feature, by alias or by relative path, and of the app from a feature', () => {
    const page = at('features/settings/pages/some-page.tsx');
    expect(layerViolation(page, '@/features/account/components/a')).toMatch(/settings imports the account feature/);
    expect(layerViolation(page, '../../catalogue/pages/b')).toMatch(/imports the catalogue feature/);
    expect(layerViolation(page, '../../../features/content/api/c')).toMatch(/imports the content feature/);
    expect(layerViolation(page, '@/app/routes')).toMatch(/imports app\//);
    expect(layerViolation(page, '../components/d')).toBeUndefined();
    expect(layerViolation(page, '@/config/paths')).toBeUndefined();
    expect(layerViolation(page, '@shop/contract/account')).toBeUndefined();
  });

  it('refuses an import of a feature or the app from lib/, components/, config/ and stores/', () => {
    expect(layerViolation(at('lib/language-packs.ts'), '@/features/settings/api/get-language-pack')).toMatch(/shared layer imports the settings feature/);
    expect(layerViolation(at('stores/session.ts'), '../features/account/api/login')).toMatch(/shared layer imports the account feature/);
    expect(layerViolation(at('components/page-header.tsx'), '@/app/routes')).toMatch(/shared layer imports app\//);
    expect(layerViolation(at('lib/request.ts'), '@/stores/session')).toBeUndefined();
    // The app composes features.
    expect(layerViolation(at('app/routes.tsx'), '@/features/catalogue/pages/home-page')).toBeUndefined();
  });

  it('no file of the app crosses a layer', () => {
    expect(sweep.crossings).toEqual([]);
  });
});

describe('the lint rule layers/no-cross-layer-import', () => {
  const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

  it('reports imports, export-froms and import() that cross a layer, and nothing else', () => {
    tester.run('no-cross-layer-import', noCrossLayerImport, {
      valid: [
        { filename: at('features/catalogue/pages/home-page.tsx'), code: "import { x } from '../api/get-home-data'; import { paths } from '@/config/paths';" },
        { filename: at('app/routes.tsx'), code: "const Home = () => import('@/features/catalogue/pages/home-page');" },
        { filename: at('lib/request.ts'), code: "import { useSession } from '@/stores/session';" },
        // Tests may reach across layers.
        { filename: at('lib/__tests__/x.test.ts'), code: "import { a } from '@/features/account/api/login';" },
      ],
      invalid: [
        { filename: at('features/catalogue/pages/home-page.tsx'), code: "import { a } from '@/features/account/api/login';", errors: 1 },
        { filename: at('features/catalogue/pages/home-page.tsx'), code: "export { a } from '../../account/api/login';", errors: 1 },
        { filename: at('features/catalogue/pages/home-page.tsx'), code: "const r = () => import('@/app/routes');", errors: 1 },
        { filename: at('lib/language-packs.ts'), code: "import { f } from '@/features/settings/api/get-language-pack';", errors: 1 },
      ],
    });
  });
});
