import { z } from 'zod';
import { idParam } from '../catalogue/catalogue.schemas.js';
import { payableRef, paymentInfoData } from './payments.schemas.js';

// 2C2P's calls: the payment token that opens its page, and the check made when the browser comes
// back from it (the return is a hint that makes the shop ask 2C2P, never proof of payment).

export const createTokenBody = payableRef.extend({
  /** A 2C2P method: `2c2p_card` (default) or `2c2p_promptpay`. */
  pay_way: z
    .string()
    .trim()
    .regex(/^2c2p_[a-z0-9_]{1,30}$/, 'validation.invalid')
    .default('2c2p_card'),
});
export const createTokenData = paymentInfoData.extend({
  /** 2C2P's payment token while the payment is open, else null. */
  payment_token: z.string().nullable(),
  /** 2C2P's payment page while the payment is open, else null. */
  web_payment_url: z.string().nullable(),
});

export const query2c2pQuery = z.object({
  /** What 2C2P appended to the return address (base64, unsigned): only its invoice number is read. */
  paymentResponse: z.string().trim().max(4000).optional(),
  payment_no: z.string().trim().regex(/^P\d{16}$/, 'validation.invalid').optional(),
  order_id: idParam.optional(),
  order_type: z.enum(['order', 'charity', 'recharge', 'shop_order']).default('order'),
});
