import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A page that fails while drawing (an answer it cannot show) shows an error with Try again in the
 * shell's content area; the menu, header and other pages stay usable. Going to another page
 * (`resetKey`, the path) or Try again draws the page afresh.
 */
export function PageErrorBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Boundary
      resetKey={resetKey}
      fallback={(retry) => <Result status="error" title={t('console.common.pageFailed')} extra={<Button onClick={retry}>{t('console.common.retry')}</Button>} data-testid="page-failed" />}
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
