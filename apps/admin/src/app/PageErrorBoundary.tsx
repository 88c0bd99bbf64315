import { useQueryClient } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A page that fails while drawing (an answer it cannot show) shows an error with Try again in the
 * shell's content area; the menu, header and other pages stay usable. Going to another page
 * (`resetKey`, the path) or Try again draws the page afresh; Try again first forgets the answers only
 * the failed page held (its queries have no one watching once it is down), so it asks for them anew
 * and a failure caused by the data goes once the data is right. The shell's own answers stay.
 */
export function PageErrorBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Boundary
      resetKey={resetKey}
      fallback={(retry) => (
        <Result
          status="error"
          title={t('console.common.pageFailed')}
          extra={
            <Button
              onClick={() => {
                queryClient.removeQueries({ type: 'inactive' });
                retry();
              }}
            >
              {t('console.common.retry')}
            </Button>
          }
          data-testid="page-failed"
        />
      )}
    >
      {children}
    </Boundary>
  );
}

type State = { failed: boolean; key: string };

class Boundary extends Component<{ resetKey: string; fallback: (retry: () => void) => ReactNode; children: ReactNode }, State> {
  override state: State = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  private retry = () => this.setState({ failed: false });
  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
