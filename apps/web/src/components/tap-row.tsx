import type { KeyboardEvent, ReactNode } from 'react';
import { CheckOutline, RightOutline } from 'antd-mobile-icons';
import { Link } from '@/lib/router';
import './tap-row.css';

/**
 * Enter and Space on a control drawn as something else than a button (an anchor the library styles)
 * do what a tap does, as they would on a real button.
 */
export function pressOnKey(action: () => void) {
  return (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    action();
  };
}

interface TapRowProps {
  /** A page of the app: the row is a link to it. */
  to?: string;
  /** Something done on this page (a sheet opens): the row is a button. */
  onClick?: () => void;
  prefix?: ReactNode;
  extra?: ReactNode;
  /** A second line under the row's words (a summary, a date), read with them. */
  description?: ReactNode;
  /** One choice of several (a language): the row is a radio, ticked when chosen. */
  checked?: boolean;
  children: ReactNode;
}

/**
 * A row of an antd-mobile `List` that a tap opens: drawn as the list's own row (its classes, its
 * pressed look), but a real link or a button that Tab reaches and Enter opens. antd-mobile's
 * clickable row is an anchor without an address, which the keyboard and screen readers pass by.
 */
export function TapRow({ to, onClick, prefix, extra, description, checked, children }: TapRowProps) {
  const choice = checked !== undefined;
  const content = (
    <span className="adm-list-item-content">
      {prefix !== undefined && prefix !== null && <span className="adm-list-item-content-prefix">{prefix}</span>}
      <span className="adm-list-item-content-main">
        {children}
        {description !== undefined && description !== null && description !== '' && <span className="adm-list-item-description">{description}</span>}
      </span>
      {extra !== undefined && extra !== null && extra !== '' && <span className="adm-list-item-content-extra">{extra}</span>}
      {choice ? (
        <span className="tap-row-check" aria-hidden>
          {checked && <CheckOutline />}
        </span>
      ) : (
        <span className="adm-list-item-content-arrow" aria-hidden>
          <RightOutline />
        </span>
      )}
    </span>
  );
  const className = 'adm-list-item adm-plain-anchor tap-row';
  if (to !== undefined) {
    return (
      <Link to={to} className={className} onClick={onClick}>
        {content}
      </Link>
    );
  }
  // The list styles its pressed row as an anchor: an anchor with the button's role and keys keeps that look.
  return (
    <a className={className} role={choice ? 'radio' : 'button'} aria-checked={checked} tabIndex={0} onClick={onClick} onKeyDown={onClick && pressOnKey(onClick)}>
      {content}
    </a>
  );
}
