import type { TFunction } from 'i18next';

/** The stamps that name a kind of actor, not a person (`install`: a setting's value as the shop was installed). */
const KINDS: Record<string, 'member' | 'operator' | 'system' | 'job' | 'provider'> = { member: 'member', operator: 'operator', system: 'system', install: 'system', job: 'job', provider: 'provider' };

/**
 * Who changed, asked for or decided something, in the operator's language: a person as recorded
 * (`name#id`, a user name), else the kind of actor ("System", "系统", "Job", "Gateway").
 */
export const actorText = (t: TFunction, by: string): string => {
  const kind = KINDS[by];
  return kind ? t(`console.money.actors.${kind}`) : by;
};
