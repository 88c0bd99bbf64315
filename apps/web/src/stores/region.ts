import { create } from 'zustand';
import { storage, storageKeys } from '@/lib/storage';

/** `cn`: the visitor is in mainland China and uses the China hosts; `default`: everyone else. */
export type Region = 'default' | 'cn';

interface RegionState {
  region: Region;
  /** The visitor's address as a lookup saw it: sent as `client-ip`. */
  clientIp: string;
  /** The area the member chose, sent as the optional `Area-Name` header; '' for none. */
  areaName: string;
  /** The lookups have answered (or given up) in this visit. */
  decided: boolean;
  setRegion: (region: Region, clientIp?: string) => void;
  setAreaName: (areaName: string) => void;
}

interface StoredRegion {
  region: Region;
  clientIp?: string;
}

const stored = storage.getJson<StoredRegion>(storageKeys.region);

/** The last decided region is reused at start, so the first calls do not wait for the lookups. */
export const useRegion = create<RegionState>()((set, get) => ({
  region: stored?.region === 'cn' ? 'cn' : 'default',
  clientIp: stored?.clientIp ?? '',
  areaName: '',
  decided: false,
  setAreaName: (areaName) => set({ areaName }),
  setRegion: (region, clientIp) => {
    const ip = clientIp ?? get().clientIp;
    storage.setJson(storageKeys.region, { region, clientIp: ip });
    set({ region, clientIp: ip, decided: true });
  },
}));
