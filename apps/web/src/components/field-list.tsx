import 'antd-mobile/es/components/form/index.css';
import { createContext, useContext, type ReactNode } from 'react';
import { List } from 'antd-mobile';

type Layout = 'vertical' | 'horizontal';
const LayoutOfList = createContext<Layout>('vertical');

/**
 * A form's fields, laid out as antd-mobile's `Form` lays them out (its classes and its style sheet),
 * without its form library. The values and their checks are `useContractForm`'s:
 * antd's `Form` brought rc-field-form, async-validator and the popover of its help icon into a first
 * screen's code (the login page's) for layout alone. Submitting (Enter in a field) never reloads the page.
 */
export function FieldList({ layout = 'vertical', className, children }: { layout?: Layout; className?: string; children: ReactNode }) {
  return (
    <form className={className ? `adm-form ${className}` : 'adm-form'} onSubmit={(e) => e.preventDefault()}>
      <LayoutOfList.Provider value={layout}>
        <List>{children}</List>
      </LayoutOfList.Provider>
    </form>
  );
}

/**
 * One field of a `FieldList`: its label (beside the control or above it, as the list's layout says),
 * the control, and what shows at its end. `help` follows the label (see `FieldHelp`).
 */
export function FieldItem({
  label,
  help,
  description,
  extra,
  onClick,
  clickable,
  arrowIcon,
  childElementPosition = 'normal',
  children,
}: {
  label?: ReactNode;
  help?: ReactNode;
  /** What the field takes (its rule), shown under it. */
  description?: ReactNode;
  extra?: ReactNode;
  onClick?: () => void;
  clickable?: boolean;
  arrowIcon?: boolean;
  /** `right`: the control keeps its own width at the end of the row (a switch). */
  childElementPosition?: 'normal' | 'right';
  children?: ReactNode;
}) {
  const layout = useContext(LayoutOfList);
  const labelElement = label ? (
    <label className="adm-form-item-label">
      {label}
      {help}
    </label>
  ) : null;
  return (
    <List.Item
      className={`adm-form-item adm-form-item-${layout}`}
      title={layout === 'vertical' ? labelElement : undefined}
      prefix={layout === 'horizontal' ? labelElement : undefined}
      extra={extra}
      description={description}
      onClick={onClick}
      clickable={clickable}
      arrowIcon={arrowIcon}
    >
      <div className={`adm-form-item-child adm-form-item-child-position-${childElementPosition}`}>
        <div className="adm-form-item-child-inner">{children}</div>
      </div>
    </List.Item>
  );
}
