import { Segmented } from 'antd';

/**
 * A list's states as one row of tabs. A row longer than the page (a dozen after-sales states, or
 * longer words in another language) scrolls sideways inside its own box, never the whole page.
 */
export function StateTabs({ value, options, onChange }: { value: string; options: Array<{ value: string; label: string }>; onChange: (value: string) => void }) {
  return (
    <div style={{ maxWidth: '100%', overflowX: 'auto' }} data-testid="state-tabs">
      <Segmented value={value} options={options} onChange={(v) => onChange(String(v))} />
    </div>
  );
}
