import { Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOperator } from '../lib/operator';
import { sessionStore } from '../lib/session';
import { SignInSteps, type OnSignedIn } from './SignIn';

// A chunk of its own: the sign-in page, the console's first screen, does not load the dialog.

/**
 * The sign-in over the page of a session that ended by itself (expired, idle, or ended from elsewhere):
 * the shell and its page stay open beneath, hidden by the dialog's opaque backdrop. The same operator
 * signing in again finds the page as it was (what they typed, the list they were on) and carries on,
 * a save that was refused included; another operator starts on the dashboard, shown nothing of it.
 */
export function SignInAgain() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  // The operator whose page is open, as the console asked before the session ended (kept with its scope).
  const held = useOperator().data;
  const onSignedIn: OnSignedIn = (token, operator) => {
    if (held && operator.id === held.id) {
      sessionStore.resume(token);
      // What was refused because the session had ended is asked again; every other answer, and so every form built from one, stays.
      void client.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
      return;
    }
    navigate('/', { replace: true });
    // The previous operator's answers go with their session (App's `Routed`), not kept for the next one.
    sessionStore.signIn(token, operator.id);
  };
  return (
    <SignInSteps
      titled={false}
      note={t('console.auth.pageKept')}
      onSignedIn={onSignedIn}
      frame={(title, steps) => (
        <Modal open title={title} footer={null} closable={false} keyboard={false} mask={{ closable: false }} width={420} centered zIndex={2000} styles={{ mask: { background: '#f5f7fa' } }}>
          {steps}
        </Modal>
      )}
    />
  );
}
