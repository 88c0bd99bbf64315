import 'antd-mobile/es/components/selector/selector.css';
import { Grid } from 'antd-mobile';
import './choice-chips.css';

export interface Choice<T extends string | number> {
  label: string;
  value: T;
}

interface ChoiceChipsProps<T extends string | number> {
  /** What is chosen (a kind, a reason, a currency): the group's name for a screen reader. */
  label: string;
  options: readonly Choice<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  columns: number;
}

/** The selector's tick in the chosen choice's corner. */
function CheckMark() {
  return (
    <svg width="17px" height="13px" viewBox="0 0 17 13">
      <polyline points="15.454 1.688 5.974 11.168 2.177 7.370" fill="none" stroke="#FFFFFF" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * One choice among a few, drawn as antd-mobile's `Selector` (its classes and its style sheet) but
 * made of real buttons in a named radio group: the `Selector`'s choices are boxes Tab never reaches,
 * inside a list every screen reader announces as "Selector". A tap or Enter/Space picks a choice.
 */
export function ChoiceChips<T extends string | number>({ label, options, value, onChange, columns }: ChoiceChipsProps<T>) {
  return (
    <div className="adm-selector choice-chips" role="radiogroup" aria-label={label}>
      <Grid columns={columns}>
        {options.map((o) => {
          const chosen = o.value === value;
          return (
            <button
              key={o.value}
              type="button"
              role="radio"
              aria-checked={chosen}
              className={chosen ? 'adm-selector-item adm-selector-item-active' : 'adm-selector-item'}
              onClick={() => !chosen && onChange(o.value)}
            >
              {o.label}
              {chosen && (
                <span className="adm-selector-check-mark-wrapper" aria-hidden>
                  <CheckMark />
                </span>
              )}
            </button>
          );
        })}
      </Grid>
    </div>
  );
}
