import { useSearchParams } from 'react-router';

/**
 * One value of a page kept in its address's search (`#/money/adjustments?status=posted`), as the
 * ledger keeps its member, so a reload (or a link sent to a colleague) comes back to it. A change
 * replaces the address rather than adding a step (Back leaves the page, not the tab) and keeps the
 * other values of the search; `null` takes the value out.
 */
export function useSearchValue(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return [params.get(name), set];
}

/** A tab (one of `choices`) kept in the address: an unknown or missing value reads as `fallback`, which the address leaves out. */
export function useSearchChoice<V extends string>(name: string, fallback: V, choices: readonly V[]): [V, (value: V) => void] {
  const [raw, set] = useSearchValue(name);
  const value = choices.includes(raw as V) ? (raw as V) : fallback;
  return [value, (v: V) => set(v === fallback ? null : v)];
}

/** An id kept in the address (the member whose drawer is open): a missing or malformed one reads as `null`. */
export function useSearchId(name: string): [number | null, (id: number | null) => void] {
  const [raw, set] = useSearchValue(name);
  const id = raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  return [id, (v: number | null) => set(v === null ? null : String(v))];
}
