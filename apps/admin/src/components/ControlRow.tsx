import { Space, type SpaceProps } from 'antd';

/**
 * A field's label and box in the row (antd's form item, a flex row of its own style sheet reached here by
 * class) may narrow too: the label goes above its box when they do not fit side by side.
 */
const NARROWING = '.control-row .ant-form-item-row { flex-wrap: wrap; } .control-row .ant-form-item-control, .control-row .ant-form-item-control-input-content { min-width: 0; }';

/**
 * A row of controls (fields, filters, a button) that wraps onto more rows and never runs past its card:
 * the row is no wider than its parent and each control may narrow to it, so on a phone a control with a
 * width of its own (given `maxWidth: '100%'`) shrinks to the screen instead of pushing the page wider.
 */
export function ControlRow({ style, className, ...rest }: Omit<SpaceProps, 'wrap' | 'styles'>) {
  return (
    <>
      <style>{NARROWING}</style>
      <Space wrap {...rest} className={className ? `control-row ${className}` : 'control-row'} style={{ maxWidth: '100%', ...style }} styles={{ item: { minWidth: 0, maxWidth: '100%' } }} />
    </>
  );
}
