import { create } from 'zustand';
import { storage, storageKeys } from '@/lib/storage';

interface ShareCodeState {
  /** The referral code the visitor arrived with (`shareCode`), offered at registration. */
  shareCode: string;
  setShareCode: (code: string) => void;
}

export const useShareCode = create<ShareCodeState>()((set) => ({
  shareCode: storage.get(storageKeys.shareCode) ?? '',
  setShareCode: (shareCode) => {
    storage.set(storageKeys.shareCode, shareCode);
    set({ shareCode });
  },
}));

const NATIVE_KEY = 'shop.isFlutter';
const readNative = () => {
  try {
    return window.sessionStorage.getItem(NATIVE_KEY) === '1';
  } catch {
    return false;
  }
};

interface NativeShellState {
  /** The app runs inside the native app shell (`isFlutter`): no app-download prompt, the shell's bridge. */
  isNativeShell: boolean;
  setNativeShell: (on: boolean) => void;
}

/** Kept for the browsing session only: the shell passes the flag on every launch. */
export const useNativeShell = create<NativeShellState>()((set) => ({
  isNativeShell: readNative(),
  setNativeShell: (on) => {
    try {
      window.sessionStorage.setItem(NATIVE_KEY, on ? '1' : '0');
    } catch {
      // ignore
    }
    set({ isNativeShell: on });
  },
}));

interface LoadingState {
  /** The global loading indicator (spec §2): on while a screen starts, off on arrival. */
  globalLoading: boolean;
  /** The browser says it is offline. */
  offline: boolean;
  setGlobalLoading: (on: boolean) => void;
  setOffline: (offline: boolean) => void;
}

export const useGlobalLoading = create<LoadingState>()((set) => ({
  globalLoading: true,
  offline: false,
  setGlobalLoading: (globalLoading) => set({ globalLoading }),
  setOffline: (offline) => set({ offline }),
}));
