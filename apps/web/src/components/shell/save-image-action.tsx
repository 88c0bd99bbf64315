import type { ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd-mobile';
import { askShell } from '@/lib/native-bridge';
import { showToast } from '@/lib/toast';
import { useTranslation } from '@/lib/i18n';

/** What the member sees after trying to save a picture, as the key of its text (none: they cancelled). */
export type SaveImageResult = 'app.shell.saved' | 'app.shell.downloaded' | 'app.shell.denied' | 'app.shell.notSaved' | undefined;

/**
 * Saves a picture (a poster, a QR code) to the phone: the shell's photo library (`saveImage`), else
 * a download in the browser (the picture opens in a new tab when it cannot be fetched).
 */
export async function saveImage(src: string, name: string): Promise<SaveImageResult> {
  const url = src.startsWith('data:') ? src : new URL(src, window.location.href).href;
  const outcome = await askShell('saveImage', { url, name });
  if (outcome.kind === 'answered') return 'app.shell.saved';
  if (outcome.kind === 'refused') return outcome.reason === 'cancelled' ? undefined : outcome.reason === 'denied' ? 'app.shell.denied' : 'app.shell.notSaved';
  let href = url;
  let objectUrl: string | undefined;
  if (!url.startsWith('data:')) {
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      href = objectUrl = URL.createObjectURL(await res.blob());
    } catch {
      window.open(url, '_blank', 'noopener');
      return undefined;
    }
  }
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  if (objectUrl) setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
  return 'app.shell.downloaded';
}

/** A button that saves the picture at `src` under `name` (see `saveImage`) and says how it went. */
export function SaveImageAction({ src, name, children, ...button }: { src: string | undefined; name: string; children?: ReactNode } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useTranslation();
  const save = async () => {
    if (!src) return;
    const result = await saveImage(src, name);
    if (result) showToast(t(result));
  };
  return (
    <Button {...button} disabled={!src || button.disabled} onClick={() => void save()}>
      {children ?? t('app.shell.saveImage')}
    </Button>
  );
}
