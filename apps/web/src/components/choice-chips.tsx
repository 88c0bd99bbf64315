import 'antd-mobile/es/components/selector/selector.css';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Grid } from 'antd-mobile';
import './choice-chips.css';

export interface Choice<T extends string | number> {
  label: ReactNode;
  value: T;
  /** A second line under the label (a card's holder and currency), read with it. */
  description?: ReactNode;
  /** A choice shown but not open (an option out of stock): Tab passes it, a screen reader says it is unavailable. */
  disabled?: boolean;
}

interface ChoiceChipsProps<T extends string | number> {
  /** What is chosen (a kind, a reason, a currency): the group's name for a screen reader. */
  label: string;
  options: readonly Choice<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  columns: number;
  /**
   * The refusal of a submit that stopped at this choice (`control.problem` when it names the field):
   * the group is marked invalid, described by the toast's words, and each refusal takes the keyboard
   * to its chosen choice (else its first open one), as a text field's does.
   */
  problem?: { text: string; turn: number };
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
export function ChoiceChips<T extends string | number>({ label, options, value, onChange, columns, problem }: ChoiceChipsProps<T>) {
  const group = useRef<HTMLDivElement>(null);
  const turn = problem?.turn;
  useLayoutEffect(() => {
    if (!turn) return;
    const radios = [...(group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]:not(:disabled)') ?? [])];
    (radios.find((r) => r.getAttribute('aria-checked') === 'true') ?? radios[0])?.focus();
  }, [turn]);
  return (
    <div ref={group} className="adm-selector choice-chips" role="radiogroup" aria-label={label} aria-invalid={problem ? true : undefined} aria-description={problem?.text}>
      <Grid columns={columns}>
        {options.map((o) => {
          const chosen = o.value === value;
          return (
            <button
              key={o.value}
              type="button"
              role="radio"
              aria-checked={chosen}
              disabled={o.disabled}
              className={['adm-selector-item', chosen && 'adm-selector-item-active', o.disabled && 'adm-selector-item-disabled'].filter(Boolean).join(' ')}
              onClick={() => !chosen && !o.disabled && onChange(o.value)}
            >
              {o.label}
              {o.description !== undefined && o.description !== null && o.description !== '' && <span className="adm-selector-item-description">{o.description}</span>}
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
