import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../i18n';
import { describeTarget } from '../audit-kinds';

// The audit log's "About" column names what a decision was about in the operator's language, not
// as a table name: its number only when it names a row (a list export is about no row, id 0), and
// a type the console does not know as recorded.

beforeAll(async () => {
  await initI18n();
});
afterAll(() => changeLanguage('en-us'));
const about = (type: string, id: number) => describeTarget(i18n.t.bind(i18n) as never, type, id);

describe('what an audit entry is about', () => {
  it('in English', async () => {
    await changeLanguage('en-us');
    expect(about('charity_cause', 3)).toBe('Charity cause #3');
    expect(about('role_application', 7)).toBe('Role application #7');
    expect(about('withdrawal', 42)).toBe('Withdrawal #42');
    expect(about('export', 0)).toBe('List export');
    expect(about('setting', 0)).toBe('Settings');
    expect(about('mystery_box', 5)).toBe('mystery_box #5');
    expect(about('mystery_box', 0)).toBe('mystery_box');
  });

  it('in Simplified Chinese', async () => {
    await changeLanguage('zh-cn');
    expect(about('charity_cause', 3)).toBe('公益项目 #3');
    expect(about('role_application', 7)).toBe('身份申请 #7');
    expect(about('export', 0)).toBe('列表导出');
    expect(about('user', 12)).toBe('会员 #12');
    expect(about('mystery_box', 5)).toBe('mystery_box #5');
  });
});
