import { vi } from 'vitest';

/** The window as wide as `px`: the console's media queries answer as a browser of that width would (undone by `vi.unstubAllGlobals`). */
export function windowWidth(px: number) {
  vi.stubGlobal('matchMedia', (media: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(media)?.[1];
    const min = /min-width:\s*([\d.]+)px/.exec(media)?.[1];
    const matches = (max === undefined || px <= Number(max)) && (min === undefined || px >= Number(min)) && (max !== undefined || min !== undefined);
    return { matches, media, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false };
  });
}
