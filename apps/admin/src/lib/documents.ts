import type { TFunction } from 'i18next';

/** A real-name document's kind (`passport`, `id_card` …) in the console's language; one the console has no text for shows as recorded. */
export const documentName = (t: TFunction, type: string): string => t(`console.realname.documents.${type}`, { defaultValue: type });
