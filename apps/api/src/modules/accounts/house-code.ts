import type { Executor } from '../../db/database.js';

/**
 * The shop's own invitation code (the "house code"), which the referral area keeps with its plan and
 * tells accounts here (accounts sits below referral): registering with it makes a member with no
 * sponsor, and no member's own code may equal it.
 */
export const houseCodeHook: { houseCode: (db: Executor) => Promise<string | undefined> } = {
  houseCode: async () => undefined,
};

/** Whether `code` is the house code, in any case (as members' codes are compared). */
export async function isHouseCode(db: Executor, code: string): Promise<boolean> {
  const house = await houseCodeHook.houseCode(db);
  return house !== undefined && house.toUpperCase() === code.trim().toUpperCase();
}
