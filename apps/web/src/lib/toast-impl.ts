import { Toast } from 'antd-mobile';
import { limits } from '@/config/runtime';
import { registerAntdRender } from '@/lib/antd-render';
import { toastRegion } from '@/lib/toast-region';

registerAntdRender();

// Toasts are drawn in the page's live region for them (`toastRegion`).
const getContainer = () => toastRegion() ?? document.body;

// antd-mobile's Toast (with its animation library) lives in its own chunk: the first screen does not need it.
Toast.config({ duration: limits.toastDurationMs, position: 'center', maskClickable: true });

export const show = (text: string, duration: number) => Toast.show({ content: text, duration, getContainer });
export const showLoading = (text: string) => Toast.show({ icon: 'loading', content: text, duration: 0, maskClickable: false, getContainer });
export const clear = () => Toast.clear();
