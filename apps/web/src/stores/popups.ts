import { create } from 'zustand';
import { limits } from '@/config/runtime';
import { storage, storageKeys } from '@/lib/storage';

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
