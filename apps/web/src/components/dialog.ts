import type { ReactNode } from 'react';
import { Dialog, type DialogConfirmProps, type DialogShowProps } from 'antd-mobile';
import { openBackLayer } from '@/lib/router';

/*
 * antd-mobile's dialogs opened by a call (`Dialog.show`, `Dialog.confirm`), with a history entry of
 * their own as the app's sheets have: Back closes the dialog (a question is then answered "no") and
 * leaves the page where it is. Every dialog a member opens goes through these.
 */

/** `Dialog.show`: Back closes it as its own buttons would. */
export function showDialog(props: DialogShowProps): ReturnType<typeof Dialog.show> {
  let release: () => void = () => undefined;
  const handler = Dialog.show({
    ...props,
    onClose: () => {
      release();
      props.onClose?.();
    },
    // Also closed by `Dialog.clear()`, which calls no `onClose` of a dialog not yet on screen.
    afterClose: () => {
      release();
      props.afterClose?.();
    },
  });
  release = openBackLayer(() => void handler.close());
  return handler;
}

/** `Dialog.confirm`: true once confirmed; cancelled, closed or left by Back, false. */
export function confirmDialog({ confirmText, cancelText, onConfirm, onCancel, onClose, ...props }: Omit<DialogConfirmProps, 'confirmText' | 'cancelText'> & { confirmText: ReactNode; cancelText: ReactNode }): Promise<boolean> {
  return new Promise((resolve) => {
    showDialog({
      ...props,
      closeOnAction: true,
      onClose: () => {
        onClose?.();
        resolve(false);
      },
      actions: [
        [
          {
            key: 'cancel',
            text: cancelText,
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
    });
  });
}
