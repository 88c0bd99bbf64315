import { Segmented } from 'antd';

/**
 * The tabs wrap onto another row instead of running past the page: every state stays in sight (a
 * row that scrolled sideways hid the after-sales queue's last states at 1280 px with nothing showing
 * they were there). The segmented group is a flex row of antd's own style sheet, reached here by class.
 */
const WRAPPING = '.state-tabs .ant-segmented { max-width: 100%; } .state-tabs .ant-segmented-group { flex-wrap: wrap; row-gap: 2px; }';

/** A list's states as tabs, on as many rows as they need (a dozen after-sales states, or longer words in another language); `label` names the group ("Status"). */
export function StateTabs({ value, options, onChange, label }: { value: string; options: Array<{ value: string; label: string }>; onChange: (value: string) => void; label: string }) {
  return (
    <div className="state-tabs" style={{ maxWidth: '100%' }} data-testid="state-tabs">
      <style>{WRAPPING}</style>
      <Segmented aria-label={label} value={value} options={options} onChange={(v) => onChange(String(v))} />
    </div>
  );
}
