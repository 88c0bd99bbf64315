import { Switch, type SwitchProps } from 'antd-mobile';

/**
 * antd-mobile's `Switch` as a keyboard reaches it: a tab stop, named by what it turns on, and
 * toggled by Enter or Space as well as a tap (the library's switch answers taps only). The tap's own
 * rules (disabled, busy) stay the library's: a key is the same tap.
 */
export function ToggleSwitch(props: SwitchProps & { 'aria-label': string }) {
  return (
    <span
      className="toggle-switch"
      onKeyDown={(event) => {
        const target = event.target as HTMLElement;
        if (!target.classList.contains('adm-switch') || (event.key !== 'Enter' && event.key !== ' ')) return;
        event.preventDefault();
        target.click();
      }}
    >
      <Switch {...props} tabIndex={props.disabled ? undefined : 0} />
    </span>
  );
}
