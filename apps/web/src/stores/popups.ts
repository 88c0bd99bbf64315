import { create } from 'zustand';
import { limits } from '@/config/runtime';
import { storage, storageKeys } from '@/lib/storage';
import { useNativeShell } from '@/stores/app-flags';

/** One snoozed popup, as the app has always stored it: `{ id, end_time }` (end_time in ms). */
export interface PopupSnooze {
  id: number | string;
  end_time: number;
}

const readSnoozes = (now: number): PopupSnooze[] => {
  const list = storage.getJson<unknown>(storageKeys.popupSnooze);
  if (!Array.isArray(list)) return [];
  return list.filter(
    (s): s is PopupSnooze =>
      typeof s === 'object' && s !== null && 'id' in s && typeof (s as PopupSnooze).end_time === 'number' && (s as PopupSnooze).end_time > now,
  );
};

interface PopupState {
  snoozes: PopupSnooze[];
  /** "Do not remind me today": hides the popup until 24 hours later (spec §4). */
  snooze: (id: number | string, now?: number) => void;
  isSnoozed: (id: number | string, now?: number) => boolean;
  /** The popups of a list that may show now. */
  visible: <P extends { id: number | string }>(popups: P[], now?: number) => P[];
}

export const usePopups = create<PopupState>()((set, get) => ({
  snoozes: readSnoozes(Date.now()),
  snooze: (id, now = Date.now()) => {
    const snoozes = [...readSnoozes(now).filter((s) => String(s.id) !== String(id)), { id, end_time: now + limits.popupSnoozeMs }];
    storage.setJson(storageKeys.popupSnooze, snoozes);
    set({ snoozes });
  },
  isSnoozed: (id, now = Date.now()) => get().snoozes.some((s) => String(s.id) === String(id) && s.end_time > now),
  visible: (popups, now = Date.now()) => popups.filter((p) => !get().isSnoozed(p.id, now)),
}));

/** What the native app's version check has found: the app's own popups wait on it inside the shell. */
export type NativeVersionState = 'checking' | 'current' | 'updateOffered' | 'updateRequired';

interface OwnPopupGateState {
  /** Inside the native shell, from the start until the server has answered about the shell's version. */
  nativeVersion: NativeVersionState;
  setNativeVersion: (state: NativeVersionState) => void;
}

export const useOwnPopupGate = create<OwnPopupGateState>()((set) => ({
  nativeVersion: 'checking',
  setNativeVersion: (nativeVersion) => set({ nativeVersion }),
}));

/**
 * True while the app must not open a popup of its own (a promotion, a newly reached star): inside the
 * native shell until its version is known, and while an update is offered or required, so nothing
 * lands on (or, required, hides behind) the update dialog. A browser always runs the newest web app.
 */
export function useOwnPopupsHeld(): boolean {
  const inShell = useNativeShell((s) => s.isNativeShell);
  const state = useOwnPopupGate((s) => s.nativeVersion);
  return inShell && state !== 'current';
}
