import { reduceMotion, restoreMotion } from 'antd-mobile';

/** antd-mobile's popups, dialogs and toasts without (or again with) their sliding and zooming. */
export const followMotionPreference = (less: boolean): void => (less ? reduceMotion() : restoreMotion());
