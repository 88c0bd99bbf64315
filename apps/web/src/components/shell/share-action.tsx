import type { ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd-mobile';
import { askShell } from '@/lib/native-bridge';
import { showToast } from '@/lib/toast';
import { useTranslation } from '@/lib/i18n';

/** What is shared: a link with its title and line, and optionally a picture (a poster's address). */
export interface ShareContent {
  title: string;
  text?: string;
  url?: string;
  /** An absolute address or a data URL of a picture to share with it. */
  image?: string;
}

/** Absolute, so the shell and the share sheet get an address that works outside the app. */
const absolute = (address: string | undefined) => (address && !address.startsWith('data:') ? new URL(address, window.location.href).href : address);

/** The picture as a file for the browser's share sheet, when it takes files. */
async function imageFile(image: string | undefined, title: string): Promise<File | undefined> {
  if (!image) return undefined;
  try {
    const blob = await (await fetch(image)).blob();
    const ext = blob.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
    return new File([blob], `${title.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 40) || 'picture'}.${ext}`, { type: blob.type });
  } catch {
    return undefined;
  }
}

/**
 * Shares a link or a poster: the shell's share sheet (`share`), else the browser's (Web Share),
 * else the link is copied. A member who closes the sheet gets no message.
 */
export async function shareContent(content: ShareContent, copiedText: string): Promise<void> {
  const data = { ...content, url: absolute(content.url), image: absolute(content.image) };
  const outcome = await askShell('share', { ...data });
  if (outcome.kind === 'answered' || (outcome.kind === 'refused' && outcome.reason === 'cancelled')) return;
  if (typeof navigator.share === 'function') {
    const file = await imageFile(data.image, data.title);
    const files = file && navigator.canShare?.({ files: [file] }) ? [file] : undefined;
    try {
      await navigator.share({ title: data.title, text: data.text, url: data.url, ...(files ? { files } : {}) });
      return;
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
    }
  }
  if (data.url) await copyText(data.url, copiedText);
}

/** Copies `text` (a link, a code) and says so (`copiedText`); where the clipboard is refused, shows it to copy by hand. */
export async function copyText(text: string, copiedText: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(copiedText);
  } catch {
    showToast(text, 4000);
  }
}

/** A button that shares `content` (see `shareContent`). */
export function ShareAction({ content, children, ...button }: { content: ShareContent | undefined; children?: ReactNode } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Button {...button} disabled={!content || button.disabled} onClick={() => content && void shareContent(content, t('app.shell.copied'))}>
      {children ?? t('app.shell.share')}
    </Button>
  );
}
