/** An id read from the page's address: a positive whole number the API takes, else 0 (none named). */
export const idParam = (value: string | null): number => (value && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : 0);
