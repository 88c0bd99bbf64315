import { create } from 'zustand';

interface CaptchaPassState {
  /** A one-time token from the slider, waiting for the page that asked for it. */
  token: string;
  /** What the member had typed on the page that sent them to the check; in memory only, never stored. */
  draft: Record<string, string>;
  pass: (token: string) => void;
  keepDraft: (draft: Record<string, string>) => void;
  /** Hands the token over once. */
  take: () => string;
}

export const useCaptchaPass = create<CaptchaPassState>()((set, get) => ({
  token: '',
  draft: {},
  pass: (token) => set({ token }),
  keepDraft: (draft) => set({ draft }),
  take: () => {
    const { token } = get();
    set({ token: '' });
    return token;
  },
}));
