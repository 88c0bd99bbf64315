import { describe, expect, it } from 'vitest';
import { keepScrollStripsReachable } from '../scroll-strips';

describe('keepScrollStripsReachable', () => {
  it('makes tab strips focusable, also those rendered later, and leaves a chosen tabindex alone', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<div class="adm-capsule-tabs-tab-list"></div><div class="adm-tabs-tab-list" tabindex="-1"></div>';
    document.body.append(root);
    const stop = keepScrollStripsReachable(root);
    expect(root.querySelector<HTMLElement>('.adm-capsule-tabs-tab-list')!.tabIndex).toBe(0);
    expect(root.querySelector<HTMLElement>('.adm-tabs-tab-list')!.getAttribute('tabindex')).toBe('-1');
    const later = document.createElement('div');
    later.className = 'adm-capsule-tabs-tab-list';
    root.append(later);
    await new Promise((r) => setTimeout(r, 0));
    expect(later.getAttribute('tabindex')).toBe('0');
    stop();
    root.remove();
  });
});
