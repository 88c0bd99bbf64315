import { formatDate } from '@/lib/format';

export interface RecordStep {
  label: string;
  /** When it happened; none for a step still to come. */
  at?: string | null;
  /** done: it happened; ended: the record stopped here (rejected, cancelled); waiting: it is still to come. */
  state: 'done' | 'ended' | 'waiting';
}

/** The states a record went through, each with its time, and the one it waits for. */
export function RecordSteps({ steps, label }: { steps: RecordStep[]; label: string }) {
  return (
    <ol className="wallet-steps" aria-label={label}>
      {steps.map((s) => (
        <li key={s.label} className="wallet-step" data-state={s.state}>
          <span className="wallet-step-label">{s.label}</span>
          {s.at && <time dateTime={s.at}>{formatDate(s.at)}</time>}
        </li>
      ))}
    </ol>
  );
}
