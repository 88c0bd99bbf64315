import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../lib/i18n';
import { RichTexts } from '../RichTexts';

// The preview frame ran nothing and had no origin of its own, so every picture of the shop
// (`/media/…`, served for this site only) was refused: the preview showed each one broken. The frame
// now has the console's origin, so the pictures load, and still runs no script: its sandbox allows no
// scripts and its own policy allows pictures and inline styles only.

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-us');
});
afterEach(cleanup);

function Editor({ html }: { html: string }) {
  const form = useForm({ defaultValues: { description: { 'en-us': html } } });
  return <RichTexts form={form as never} name="description" label="Description" shown={['en-us']} />;
}

describe('the rich text preview', () => {
  it('loads the shop’s pictures (the console’s origin) while running no script', () => {
    render(<Editor html={'<p>Strap</p><img src="/media/demo/goods-1-2.png" alt=""><script>parent.alert(1)</script>'} />);
    const frame = screen.getByTitle('Preview English') as HTMLIFrameElement;
    const sandbox = (frame.getAttribute('sandbox') ?? '').split(/\s+/).filter(Boolean);
    expect(sandbox).toEqual(['allow-same-origin']);
    const doc = new DOMParser().parseFromString(frame.getAttribute('srcdoc') ?? '', 'text/html');
    // The policy comes first, before anything of the text.
    const meta = doc.head.firstElementChild?.nextElementSibling as HTMLMetaElement;
    expect(meta.httpEquiv).toBe('Content-Security-Policy');
    const policy = Object.fromEntries(meta.content.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['script-src']).toBeUndefined();
    expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'https:']));
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['form-action']).toEqual(["'none'"]);
    expect(doc.body.querySelector('img')?.getAttribute('src')).toBe('/media/demo/goods-1-2.png');
  });
});
