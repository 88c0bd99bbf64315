import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../query-client';

// A write tapped while the phone is offline must fail at once (the member sees "check your connection"),
// never wait and go out by itself when the network is back: an order placed, or money moved, unasked.

afterEach(() => onlineManager.setOnline(true));

describe('writes while offline', () => {
  it('are sent (and fail) at once, not held for the reconnect', async () => {
    onlineManager.setOnline(false);
    let sent = 0;
    const write = queryClient.getMutationCache().build(queryClient, {
      mutationFn: async () => {
        sent++;
        throw new TypeError('Failed to fetch');
      },
    });
    const outcome = await Promise.race([write.execute(undefined).then(() => 'done', () => 'failed'), new Promise((r) => setTimeout(() => r('held'), 500))]);
    expect(outcome).toBe('failed');
    expect(sent).toBe(1);
    // Back online, nothing more goes out.
    onlineManager.setOnline(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toBe(1);
  });
});
