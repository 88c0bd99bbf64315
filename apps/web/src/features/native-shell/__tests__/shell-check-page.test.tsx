import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { SHELL_READY_LIMIT_MS } from '@/lib/native-bridge';
import { installFakeShell, type FakeShellCall } from '@/test/fake-shell';
import { prepareApp, renderRoutes } from '@/test/helpers';
import { useNativeShell } from '@/stores/app-flags';
import ShellCheckPage from '../pages/shell-check-page';

type ShellWindow = { flutter_inappwebview?: unknown; __shellCalls?: FakeShellCall[] };
const w = window as unknown as ShellWindow;
const openCheckPage = () => renderRoutes({ [paths.other.shellCheck]: <ShellCheckPage /> }, paths.other.shellCheck);
const needsApp = 'Open this page in the H5 Shop app';

beforeAll(() => prepareApp());
afterEach(() => {
  cleanup();
  delete w.flutter_inappwebview;
  delete w.__shellCalls;
  useNativeShell.setState({ isNativeShell: false });
});

describe('the bridge check page', () => {
  it('says it needs the app in a browser opened with the launch flag, offering nothing to try', async () => {
    useNativeShell.setState({ isNativeShell: true });
    openCheckPage();
    expect(await screen.findByText(needsApp)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try' })).toBeNull();
    expect(screen.queryByText('appInfo')).toBeNull();
  });

  it('says it needs the app when the bridge never says it is ready', async () => {
    installFakeShell({ replies: {}, readyAfterMs: 'never' });
    useNativeShell.setState({ isNativeShell: true });
    openCheckPage();
    expect(await screen.findByText(needsApp, {}, { timeout: SHELL_READY_LIMIT_MS + 1000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try' })).toBeNull();
  });

  it('lists every message with a button inside the shell', async () => {
    installFakeShell({ replies: {}, readyAfterMs: 0 });
    useNativeShell.setState({ isNativeShell: true });
    openCheckPage();
    expect(await screen.findAllByRole('button', { name: 'Try' })).toHaveLength(4);
    expect(screen.getByText('appInfo')).toBeTruthy();
    expect(screen.queryByText(needsApp)).toBeNull();
  });

  it('says it needs the app in a plain browser', async () => {
    openCheckPage();
    expect(await screen.findByText(needsApp)).toBeTruthy();
  });
});
