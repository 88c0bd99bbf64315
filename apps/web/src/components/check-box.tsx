import type { CSSProperties } from 'react';
import { Checkbox, type CheckboxProps } from 'antd-mobile';
import './check-box.css';

/**
 * The app's tick box: antd-mobile's, with its own checkbox input kept reachable by the keyboard (Tab,
 * then Space) and seen by screen readers with its name and state. `label` names a box that shows no
 * words of its own (a cart line's "Choose …"); one with words is named by them. Every tick box of the
 * app is this one. A `label` with words beside it is the name said in their place (it contains them).
 */
export function CheckBox({ label, className, style, children, ...props }: Omit<CheckboxProps, 'aria-label'> & { label?: string }) {
  const hiddenName = label !== undefined && children === undefined;
  return (
    <Checkbox
      {...props}
      className={className ? `check-box ${className}` : 'check-box'}
      // A name for screen readers only takes no room beside the box.
      style={hiddenName ? ({ '--gap': '0px', ...style } as CSSProperties) : style}
    >
      {label === undefined ? (
        children
      ) : (
        <>
          <span className="check-box-name">{label}</span>
          {children !== undefined && <span aria-hidden>{children}</span>}
        </>
      )}
    </Checkbox>
  );
}

export const CheckBoxGroup = Checkbox.Group;
