import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { sweepLayers } from '../../../../../eslint-layers.js';
import { layerViolation, noCrossLayerImport } from '../../../eslint-layers.js';

// The console's layers: the pages of one area (pages/<area>/) never import another area's pages or
// app/ (app/ composes them, e.g. a member's profile with their ledger), and components/ and lib/
// import no page. `npm run lint` enforces it with the rule tested here; this test also sweeps every file.
const SRC = path.resolve(import.meta.dirname, '../..');
const at = (rel: string) => path.join(SRC, rel);

describe('the layers of the console', () => {
  const sweep = sweepLayers(SRC, layerViolation);

  it('scans the console and its imports', () => {
    expect(sweep.files).toBeGreaterThan(50);
    expect(sweep.imports).toBeGreaterThan(300);
  });

  it('refuses an import of another area’s pages, and of app/ from a page', () => {
    const page = at('pages/members/Members.tsx');
    expect(layerViolation(page, '../money/MemberLedger')).toMatch(/members imports the money page area/);
    expect(layerViolation(page, '../../pages/settings/MemberTotpReset')).toMatch(/imports the settings page area/);
    expect(layerViolation(page, '../../app/MembersPage')).toMatch(/imports app\//);
    expect(layerViolation(at('pages/catalogue/GoodsEditor.tsx'), './Categories')).toBeUndefined();
    expect(layerViolation(page, '../../components/QueryTable')).toBeUndefined();
    expect(layerViolation(page, '@shop/contract/admin')).toBeUndefined();
  });

  it('refuses an import of a page or of app/ from components/ and lib/', () => {
    expect(layerViolation(at('components/ReviewQueue.tsx'), '../pages/reviews/RealNames')).toMatch(/shared layer imports the reviews page area/);
    expect(layerViolation(at('lib/operator.ts'), '../app/Shell')).toMatch(/shared layer imports app\//);
    expect(layerViolation(at('components/DecisionModal.tsx'), '../lib/request')).toBeUndefined();
    // The app composes the areas.
    expect(layerViolation(at('app/MembersPage.tsx'), '../pages/money/MemberLedger')).toBeUndefined();
  });

  it('no file of the console crosses a layer', () => {
    expect(sweep.crossings).toEqual([]);
  });
});

describe('the lint rule layers/no-cross-layer-import in the console', () => {
  const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

  it('reports imports, export-froms and import() that cross a layer, and nothing else', () => {
    tester.run('no-cross-layer-import', noCrossLayerImport, {
      valid: [
        { filename: at('pages/money/Adjustments.tsx'), code: "import { AdjustmentForm } from './AdjustmentForm'; import { call } from '../../lib/request';" },
        { filename: at('app/App.tsx'), code: "const Ledger = () => import('../pages/money/Ledger');" },
        { filename: at('pages/money/__tests__/x.test.tsx'), code: "import { a } from '../../settings/Settings';" },
      ],
      invalid: [
        { filename: at('pages/charity/Charity.tsx'), code: "import { ReasonedChange } from '../settings/ReasonedChange';", errors: 1 },
        { filename: at('pages/payments/Payments.tsx'), code: "export { showAmount } from '../money/amounts';", errors: 1 },
        { filename: at('pages/money/Ledger.tsx'), code: "const s = () => import('../../app/Shell');", errors: 1 },
        { filename: at('lib/upload.ts'), code: "import { x } from '../pages/catalogue/GoodsEditor';", errors: 1 },
      ],
    });
  });
});
