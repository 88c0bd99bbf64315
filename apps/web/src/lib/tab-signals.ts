import { storage, storageKeys } from '@/lib/storage';

// Tells the app's other tabs and windows that something they show has changed here (messages read),
// so they ask again now instead of when their answer goes stale: through BroadcastChannel, or where a
// WebView lacks it, the storage event (which only the other tabs hear).

/** What one tab tells the others. */
export type TabSignal = 'messages-read';

const CHANNEL = 'shop.tabs';
let sender: BroadcastChannel | undefined;

/** Tells the other tabs `signal`. */
export function tellOtherTabs(signal: TabSignal): void {
  if (typeof BroadcastChannel !== 'undefined') {
    sender ??= new BroadcastChannel(CHANNEL);
    sender.postMessage(signal);
    return;
  }
  // A value of its own each time: the same value written again tells nobody.
  storage.set(storageKeys.tabSignal, JSON.stringify({ signal, at: Date.now(), nonce: Math.random() }));
}

/** Calls `listener` when another tab tells `signal`; answers the function that stops listening. */
export function onOtherTabs(signal: TabSignal, listener: () => void): () => void {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      if (event.data === signal) listener();
    };
    return () => channel.close();
  }
  const heard = (event: StorageEvent) => {
    if (event.key !== storageKeys.tabSignal || !event.newValue) return;
    try {
      if ((JSON.parse(event.newValue) as { signal?: unknown }).signal === signal) listener();
    } catch {
      // Not ours to read.
    }
  };
  window.addEventListener('storage', heard);
  return () => window.removeEventListener('storage', heard);
}
