import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { installFakeShell, type FakeShellCall, type FakeShellPlan } from '@/test/fake-shell';
import { clearToasts, prepareApp, toastText } from '@/test/helpers';
import { useNativeShell } from '@/stores/app-flags';
import { MediaPicker } from '../media-picker';
import { SaveImageAction } from '../save-image-action';
import { ScanCodeAction } from '../scan-code-action';
import { ShareAction } from '../share-action';

type ShellWindow = { flutter_inappwebview?: unknown; __shellCalls?: FakeShellCall[] };
const w = window as unknown as ShellWindow;
const calls = () => w.__shellCalls ?? [];
const inShell = (plan: FakeShellPlan) => {
  installFakeShell({ readyAfterMs: 0, ...plan });
  useNativeShell.setState({ isNativeShell: true });
};
const show = (ui: React.ReactNode) => render(ui);
const tap = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

beforeAll(() => prepareApp());
beforeEach(() => useNativeShell.setState({ isNativeShell: false }));
afterEach(async () => {
  cleanup();
  await clearToasts();
  delete w.flutter_inappwebview;
  delete w.__shellCalls;
  vi.restoreAllMocks();
});

describe('sharing', () => {
  const content = { title: 'Lamp', text: 'A warm lamp', url: '/h5/#/pages/goods/goodsInfo?id=3' };

  it("opens the shell's share sheet with an address that works outside the app", async () => {
    inShell({ replies: { share: { answer: { ok: true } } } });
    show(<ShareAction content={content} />);
    await tap('Share');
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(calls()[0]).toEqual({ name: 'share', args: { title: 'Lamp', text: 'A warm lamp', url: `${window.location.origin}/h5/#/pages/goods/goodsInfo?id=3` } });
    expect(await toastText()).toBe('');
  });

  it('copies the link in a browser without a share sheet, and says so', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    show(<ShareAction content={content} />);
    await tap('Share');
    expect(await toastText(2000)).toBe('Link copied');
    expect(copied).toEqual([`${window.location.origin}/h5/#/pages/goods/goodsInfo?id=3`]);
    expect(calls()).toEqual([]);
  });

  it('shows the link to copy by hand when the browser refuses the clipboard', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });
    show(<ShareAction content={content} />);
    await tap('Share');
    expect(await toastText(2000)).toBe(`${window.location.origin}/h5/#/pages/goods/goodsInfo?id=3`);
  });
});

describe('saving a picture', () => {
  it('says it is in the photos when the shell saved it, and how to allow it when refused', async () => {
    inShell({ replies: { saveImage: { answer: { ok: true } } } });
    show(<SaveImageAction src="/media/poster.png" name="poster.png" />);
    await tap('Save picture');
    expect(await toastText(2000)).toBe('Saved to your photos');
    expect(calls()[0]).toEqual({ name: 'saveImage', args: { url: `${window.location.origin}/media/poster.png`, name: 'poster.png' } });
    cleanup();
    await clearToasts();
    inShell({ replies: { saveImage: { answer: { ok: false, error: 'denied' } } } });
    show(<SaveImageAction src="/media/poster.png" name="poster.png" />);
    await tap('Save picture');
    expect(await toastText(2000)).toBe("Allow access to photos in your phone's settings, then try again");
  });
});

describe('picking photos and videos', () => {
  const png = btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47));

  it("hands the shell's files on as files, leaving out what is not a photo", async () => {
    inShell({ replies: { pickMedia: { answer: { ok: true, files: [{ name: 'a.png', mime: 'image/png', data: png }, { name: 'b.pdf', mime: 'application/pdf', data: png }] } } } });
    const picked: File[] = [];
    show(<MediaPicker kind="image" max={3} onPick={(files) => picked.push(...files)} />);
    await tap('Choose photos or videos');
    await waitFor(() => expect(picked).toHaveLength(1));
    expect(calls()[0]).toEqual({ name: 'pickMedia', args: { kind: 'image', max: 3 } });
    expect([picked[0]!.name, picked[0]!.type, picked[0]!.size]).toEqual(['a.png', 'image/png', 4]);
  });

  it('does nothing when the member cancels in the shell, and opens the file input in a browser', async () => {
    const opened = vi.spyOn(HTMLInputElement.prototype, 'click');
    inShell({ replies: { pickMedia: { answer: { ok: false, error: 'cancelled' } } } });
    show(<MediaPicker kind="video" onPick={() => undefined} />);
    await tap('Choose photos or videos');
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(opened).not.toHaveBeenCalled();
    cleanup();
    useNativeShell.setState({ isNativeShell: false });
    show(<MediaPicker kind="video" onPick={() => undefined} />);
    await tap('Choose photos or videos');
    expect(opened).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Choose photos or videos', { selector: 'input' }).getAttribute('accept')).toBe('video/*');
  });
});

describe('reading a code', () => {
  it("takes the shell scanner's text, or the code the member types in a browser", async () => {
    const codes: string[] = [];
    inShell({ replies: { scanCode: { answer: { ok: true, text: ' DEMO2026 ' } } } });
    show(<ScanCodeAction onCode={(c) => codes.push(c)} />);
    await tap('Scan a code');
    await waitFor(() => expect(codes).toEqual(['DEMO2026']));
    cleanup();
    useNativeShell.setState({ isNativeShell: false });
    show(<ScanCodeAction onCode={(c) => codes.push(c)} />);
    await tap('Scan a code');
    fireEvent.change(await screen.findByLabelText('Enter the code', { selector: 'input' }), { target: { value: 'SHOP42' } });
    await tap('Use this code');
    expect(codes).toEqual(['DEMO2026', 'SHOP42']);
  });
});
