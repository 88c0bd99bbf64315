import type { ReactNode } from 'react';
import { Popover } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';

/**
 * A question mark after a field's label that shows `text` when tapped (a `FieldItem`'s `help`). A
 * module of its own: the popover's positioning code loads only with the pages that use it.
 */
export function FieldHelp({ text }: { text: ReactNode }) {
  return (
    <Popover content={text} mode="dark" trigger="click">
      <span
        className="adm-form-item-label-help"
        onClick={(e) => {
          // A tap on the mark shows the help; it neither focuses the field nor reaches the row.
          e.stopPropagation();
          e.preventDefault();
        }}
      >
        <QuestionCircleOutline />
      </span>
    </Popover>
  );
}
