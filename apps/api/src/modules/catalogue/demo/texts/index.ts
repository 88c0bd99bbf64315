import type { Language } from '@shop/contract';
import { hu } from './hu.js';
import { id } from './id.js';
import { jp } from './jp.js';
import { km } from './km.js';
import { may } from './may.js';
import { th } from './th.js';
import { zhTw } from './zh-tw.js';

export type { DemoTexts } from './demo-texts.js';
import type { DemoTexts } from './demo-texts.js';

/** The languages whose demo texts live in this folder (English and Simplified Chinese stand beside the data). */
export type TranslatedLanguage = Exclude<Language, 'en-us' | 'zh-cn'>;

export const DEMO_TEXTS: Record<TranslatedLanguage, DemoTexts> = { 'zh-tw': zhTw, jp, may, hu, id, km, th };
