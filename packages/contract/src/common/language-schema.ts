import { z } from 'zod';
import { LANGUAGES } from './languages.js';

// Apart from languages.ts so that code needing only the language list (the web app's first
// screen) does not load zod.
export const languageSchema = z.enum(LANGUAGES);
