import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@shop/contract/admin';
import { signedInAgainst } from '../../test/console';
import { App } from '../App';

// Operators reading Traditional Chinese saw "登 出" and "搜 尋": antd puts a space between the two
// characters of a two-character Chinese or Japanese button. The console's buttons keep their words whole.

signedInAgainst(
  {
    '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: [...ROLE_PERMISSIONS.owner], totp_bound: true },
    '/admin/api/members/search': { list: [], total: 0, page: 1, limit: 20, has_more: false },
  },
  'zh-tw',
);

afterEach(() => {
  window.location.hash = '';
});

describe('two-character buttons in Chinese', () => {
  it('reads 登出, not 登 出', async () => {
    window.location.hash = '#/members';
    render(<App />);
    const button = await screen.findByRole('button', { name: /登\s?出/ }, { timeout: 10_000 });
    expect(button.textContent).toBe('登出');
  });
});
