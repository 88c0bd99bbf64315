import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { endpoint } from '../common/endpoint.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { exportOf, sortQuery } from '../common/list-sort.js';
import { CHARITY_ORDER_STATUSES, createCauseBody } from '../orders/charity.schemas.js';
import { baseUpdatedAt } from '../catalogue/catalogue.admin.js';

// Charity causes and members' pledges as operators see them (the orders page of the console).

const id = wholeNumber(1, 2_147_483_647);
const texts = z.record(z.string(), z.string());

export const adminCharityCauseSchema = z.object({
  id: z.number().int(),
  /** Per language. */
  title: texts,
  description: texts,
  image: z.string(),
  currency: z.string(),
  min_amount: z.number().int(),
  goal: z.number().int().nullable(),
  status: z.enum(['open', 'closed']),
  /** What paid pledges raised so far, and from how many members. */
  raised: z.number().int(),
  supporters: z.number().int(),
  /** How many pledges are paid (the ones `raised` sums). */
  paid_pledges: z.number().int(),
  /** Every pledge whatever its state (awaiting payment, cancelled, closed and refunded ones too). */
  pledges: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  /** The version a change names (`base_updated_at`). */
  updated_at: z.string(),
});
export const updateCauseBody = createCauseBody.omit({ currency: true }).extend({ id, base_updated_at: baseUpdatedAt, status: z.enum(['open', 'closed']), reason: z.string().trim().min(1, 'validation.required').max(300) });
export const charityPledgeQuery = pageQuery.extend({
  cause_id: id.optional(),
  status: z.enum(CHARITY_ORDER_STATUSES).optional(),
  /** The pledge's number, or its member's name or number. */
  q: z.string().trim().max(100).optional(),
  ...sortQuery(['id', 'amount', 'created_at', 'paid_at']),
});
export const adminCharityPledgeSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  cause_id: z.number().int(),
  cause_title: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(CHARITY_ORDER_STATUSES),
  message: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});

/** Every cause, open or closed, newest first, with what was pledged. */
export const adminListCharityCauses = endpoint({ method: 'GET', path: '/admin/api/charity/causes/list', auth: 'operator', permission: 'orders.read', area: 'admin', data: z.object({ list: z.array(adminCharityCauseSchema) }) });
/** Changes a cause's texts, picture, amounts or whether it takes pledges (its currency stays). */
export const adminUpdateCharityCause = endpoint({ method: 'POST', path: '/admin/api/charity/causes/update', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: updateCauseBody, data: adminCharityCauseSchema });
/** Members' pledges, newest first, by cause and state. */
export const adminListCharityPledges = endpoint({ method: 'GET', path: '/admin/api/charity/pledges', auth: 'operator', permission: 'orders.read', area: 'admin', query: charityPledgeQuery, data: pageOf(adminCharityPledgeSchema) });

/** The pledges as a CSV file (same filters and sort, every row). */
export const adminExportCharityPledges = exportOf(adminListCharityPledges);

export const charityConsoleEndpoints = [adminListCharityCauses, adminUpdateCharityCause, adminListCharityPledges, adminExportCharityPledges] as const;
