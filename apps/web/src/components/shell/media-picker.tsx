import { useRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd-mobile';
import { askShell, inNativeShell } from '@/lib/native-bridge';
import { useTranslation } from '@/lib/i18n';

/** What may be picked: photos, videos, or either. */
export type MediaKind = 'image' | 'video' | 'any';

const ACCEPT: Record<MediaKind, string> = { image: 'image/*', video: 'video/*', any: 'image/*,video/*' };

/** One file of the shell's `pickMedia` answer: its name, type and content (base64 or a data URL). */
interface ShellFile {
  name?: unknown;
  mime?: unknown;
  data?: unknown;
}

const fitsKind = (mime: string, kind: MediaKind) => (kind === 'any' ? /^(image|video)\//.test(mime) : mime.startsWith(`${kind}/`));

/** The shell's files as browser files (what an upload takes); files of another kind are left out. */
export function filesFromShell(list: unknown, kind: MediaKind): File[] {
  if (!Array.isArray(list)) return [];
  const files: File[] = [];
  for (const entry of list as ShellFile[]) {
    if (typeof entry?.data !== 'string' || typeof entry.mime !== 'string' || !fitsKind(entry.mime, kind)) continue;
    const base64 = entry.data.replace(/^data:[^,]*,/, '');
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    } catch {
      continue;
    }
    const name = typeof entry.name === 'string' && entry.name ? entry.name.slice(0, 120) : `${entry.mime.split('/')[0]}-${files.length + 1}`;
    files.push(new File([bytes], name, { type: entry.mime }));
  }
  return files;
}

/**
 * Picking photos or videos: the shell's own picker (`pickMedia`, camera and gallery, where the web
 * view's file input falls short), else the browser's file input. `input` must be rendered. `max` is
 * what the member is asked for; every file picked is handed on, more than `max` too: the page says
 * what it leaves out (a file dropped here went without a word).
 */
export function useMediaPicker({ kind, max = 1, onPick, label }: { kind: MediaKind; max?: number; onPick: (files: File[]) => void; label?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  const open = async () => {
    // In a browser the file input opens at once, within the member's tap.
    if (!inNativeShell()) return ref.current?.click();
    const outcome = await askShell<{ files?: unknown }>('pickMedia', { kind, max });
    if (outcome.kind === 'answered') {
      const files = filesFromShell(outcome.answer.files, kind);
      if (files.length) onPick(files);
      return;
    }
    if (outcome.kind === 'unavailable') ref.current?.click();
  };
  const input = (
    <input
      ref={ref}
      type="file"
      accept={ACCEPT[kind]}
      multiple={max > 1}
      hidden
      aria-label={label}
      onChange={(e) => {
        const files = Array.from(e.target.files ?? []);
        e.target.value = '';
        if (files.length) onPick(files);
      }}
    />
  );
  return { open: () => void open(), input };
}

/** A button that lets the member pick up to `max` photos or videos (see `useMediaPicker`). */
export function MediaPicker({ kind, max, onPick, children, ...button }: { kind: MediaKind; max?: number; onPick: (files: File[]) => void; children?: ReactNode } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useTranslation();
  const picker = useMediaPicker({ kind, max, onPick, label: typeof children === 'string' ? children : t('app.shell.pickMedia') });
  return (
    <>
      <Button {...button} onClick={picker.open}>
        {children ?? t('app.shell.pickMedia')}
      </Button>
      {picker.input}
    </>
  );
}
