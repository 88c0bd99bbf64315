import { createElement, Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { AutoCenter, Dialog, type DialogConfirmProps, type DialogShowProps } from 'antd-mobile';
import { openBackLayer } from '@/lib/router';
import { ModalFocus } from './modal-focus';

/*
 * antd-mobile's dialogs opened by a call (`Dialog.show`, `Dialog.confirm`), with a history entry of
 * their own as the app's sheets have: Back closes the dialog (a question is then answered "no") and
 * leaves the page where it is. Leaving the page any other way (a link, a deep link, code that
 * navigates) closes it too, answered "no": nothing asked on one page is answered on another. Every
 * dialog a member opens goes through these. They are modal for the
 * keyboard too (as the app's sheets): the focus goes into the dialog, Tab stays inside, Escape closes
 * it as Back does, and the focus comes back to the control that opened it.
 */

/** The class of a question's safe answer ("No", "Keep"), where the focus lands when it opens. */
const SAFE_CHOICE = 'dialog-safe-choice';

/** Open until its dialog starts closing: the focus then goes back at once, not after the fade. */
function closingSignal() {
  let closed = false;
  const listeners = new Set<() => void>();
  return {
    close: () => {
      closed = true;
      listeners.forEach((l) => l());
    },
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    closed: () => closed,
  };
}

function DialogFocus({ signal, role, onEscape }: { signal: ReturnType<typeof closingSignal>; role: 'dialog' | 'alertdialog'; onEscape: () => void }) {
  const closed = useSyncExternalStore(signal.subscribe, signal.closed);
  // Named by its title, else by its question.
  return createElement(ModalFocus, { panel: '.adm-center-popup-wrap', visible: !closed, role, labelledBy: '.adm-dialog-title, .adm-dialog-content', initialFocus: `.${SAFE_CHOICE}`, onEscape });
}

/** `Dialog.show`: Back closes it as its own buttons would. */
export function showDialog(props: DialogShowProps, role: 'dialog' | 'alertdialog' = 'dialog'): ReturnType<typeof Dialog.show> {
  let release: () => void = () => undefined;
  const signal = closingSignal();
  // antd-mobile centres a content given as text itself; wrapped here beside the focus's marker, it is centred the same way.
  const content = typeof props.content === 'string' ? createElement(AutoCenter, null, props.content) : props.content;
  const handler = Dialog.show({
    ...props,
    content: createElement(Fragment, null, createElement(DialogFocus, { signal, role, onEscape: () => void handler.close() }), content),
    onClose: () => {
      signal.close();
      release();
      props.onClose?.();
    },
    // Also closed by `Dialog.clear()`, which calls no `onClose` of a dialog not yet on screen.
    afterClose: () => {
      signal.close();
      release();
      props.afterClose?.();
    },
  });
  release = openBackLayer(() => void handler.close());
  return handler;
}

/** `Dialog.confirm`: true once confirmed; cancelled, closed, left by Back, Escape or a move to another page, false. An alert dialog, its safe answer (`cancelText`) focused first. */
export function confirmDialog({ confirmText, cancelText, onConfirm, onCancel, onClose, afterClose, ...props }: Omit<DialogConfirmProps, 'confirmText' | 'cancelText'> & { confirmText: ReactNode; cancelText: ReactNode }): Promise<boolean> {
  return new Promise((resolve) => {
    showDialog({
      ...props,
      closeOnAction: true,
      onClose: () => {
        onClose?.();
        resolve(false);
      },
      // Closed before it was drawn (the page left at once), antd-mobile calls this alone: still a "no".
      afterClose: () => {
        afterClose?.();
        resolve(false);
      },
      actions: [
        [
          {
            key: 'cancel',
            text: cancelText,
            className: SAFE_CHOICE,
            onClick: async () => {
              await onCancel?.();
              resolve(false);
            },
          },
          {
            key: 'confirm',
            text: confirmText,
            bold: true,
            onClick: async () => {
              await onConfirm?.();
              resolve(true);
            },
          },
        ],
      ],
    }, 'alertdialog');
  });
}
