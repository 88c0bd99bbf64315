import 'antd-mobile/es/components/form/index.css';
import { createContext, useContext, type ReactNode } from 'react';
import { List } from 'antd-mobile';

type Layout = 'vertical' | 'horizontal';
const hasContent = (node: ReactNode) => node !== undefined && node !== null && node !== false && node !== '';
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
 * the control, and what shows at its end. `help` follows the label (see `FieldHelp`). An `error` shows
 * under the control, as antd-mobile's own form shows one, never at the row's end: there it would take
 * the control's width (at 320 px an input of a few letters).
 */
export function FieldItem({
  label,
  help,
  description,
  error,
  errorId,
  announce,
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
  /** What is wrong with the field now, shown under it (after `description`). */
  error?: ReactNode;
  /** The error's id, for the control to be described by it. */
  errorId?: string;
  /** A refused submit's turn (`useFieldProblem`): the error is an alert, said again at each refusal, even in the same words. */
  announce?: number;
  /** What shows at the row's end, beside the control: a short control of its own (a code button, a picker), never a message. */
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
      description={
        hasContent(error) ? (
          <>
            {description}
            <div className="adm-form-item-feedback-error" id={errorId} role={announce ? 'alert' : undefined}>
              {announce ? <span key={announce}>{error}</span> : error}
            </div>
          </>
        ) : (
          description
        )
      }
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
