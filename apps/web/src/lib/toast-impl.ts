import { Toast } from 'antd-mobile';
import { limits } from '@/config/runtime';
import { registerAntdRender } from '@/lib/antd-render';

registerAntdRender();

// antd-mobile's Toast (with its animation library) lives in its own chunk: the first screen does not need it.
Toast.config({ duration: limits.toastDurationMs, position: 'center', maskClickable: true });

export const show = (text: string, duration: number) => Toast.show({ content: text, duration });
export const showLoading = (text: string) => Toast.show({ icon: 'loading', content: text, duration: 0, maskClickable: false });
export const clear = () => Toast.clear();
