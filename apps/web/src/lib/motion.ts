/** Whether the visitor asked their system for less motion: the app then starts nothing that moves by itself. */
export const prefersReducedMotion = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
