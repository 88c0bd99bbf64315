import { Toast } from 'antd-mobile';
import { limits } from '@/config/runtime';
import { registerAntdRender } from '@/lib/antd-render';
import { toastRegion } from '@/lib/toast-region';

registerAntdRender();

// antd-mobile hides its masks from screen readers, and a toast's words are inside one: in the toasts'
// live region they are shown to them (before the screen reader sees them, as a mutation is seen first).
const region = toastRegion();
if (region) {
  new MutationObserver(() => region.querySelectorAll('[aria-hidden]').forEach((el) => el.removeAttribute('aria-hidden'))).observe(region, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
}
const getContainer = () => toastRegion() ?? document.body;

// antd-mobile's Toast (with its animation library) lives in its own chunk: the first screen does not need it.
Toast.config({ duration: limits.toastDurationMs, position: 'center', maskClickable: true });

export const show = (text: string, duration: number) => Toast.show({ content: text, duration, getContainer });
export const showLoading = (text: string) => Toast.show({ icon: 'loading', content: text, duration: 0, maskClickable: false, getContainer });
export const clear = () => Toast.clear();
