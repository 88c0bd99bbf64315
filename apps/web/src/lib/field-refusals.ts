/**
 * A server's refusal of a form's fields (HTTP 422, `data.errors`) shown where the member's own checks
 * show theirs: under the field. While a form sends (`useContractForm`'s submit), it lends the request
 * client a way to show them; the client toasts only what no form on screen took.
 */

/** One field a 422 answer refused (`field`: the body's path, "lines.0.num"), with its message in the member's language. */
export interface FieldRefusal {
  field: string;
  msg: string;
}

/** Shows what it can of `refusals` under fields on screen; answers the ones it did not take. */
export type FieldRefusalShower = (refusals: readonly FieldRefusal[]) => readonly FieldRefusal[];

const showers: FieldRefusalShower[] = [];

/** Lends `show` the field refusals of the answers that arrive until the answered function is called (the form sent last asked first). */
export function showFieldRefusalsWith(show: FieldRefusalShower): () => void {
  showers.push(show);
  return () => {
    const at = showers.lastIndexOf(show);
    if (at >= 0) showers.splice(at, 1);
  };
}

/** The refusals a 422 answer's `data` names, each with a field and its message (none for any other answer). */
export function fieldRefusalsOf(data: unknown): FieldRefusal[] {
  const errors = typeof data === 'object' && data !== null ? (data as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors.filter((e): e is FieldRefusal => typeof e === 'object' && e !== null && typeof e.field === 'string' && e.field !== '' && typeof e.msg === 'string');
}

/** Offers `refusals` to the forms sending now; answers those none of them showed under a field. */
export function showUnderFields(refusals: readonly FieldRefusal[]): readonly FieldRefusal[] {
  let left = refusals;
  for (const show of [...showers].reverse()) {
    if (left.length === 0) break;
    left = show(left);
  }
  return left;
}
