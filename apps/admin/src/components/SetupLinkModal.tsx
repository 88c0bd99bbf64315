import { Alert, Input, Modal, Typography } from 'antd';

/** A new operator's one-time setup link (the path the API answered), when there is one to show. */
export interface SetupLink {
  setup_path: string;
  expires_at: string;
}

interface Props {
  link: SetupLink | null;
  title: string;
  /** What to do with it, with when it stops working (the caller formats the date into it). */
  message: string;
  onClose: () => void;
}

/** Shows a new operator's one-time setup link once, with a copy button: the API never shows it again. */
export function SetupLinkModal({ link, title, message, onClose }: Props) {
  const url = link ? `${window.location.origin}${link.setup_path}` : '';
  return (
    <Modal open={link !== null} title={title} footer={null} onCancel={onClose}>
      {link && (
        <>
          <Alert type="success" showIcon title={message} />
          <Input.TextArea readOnly value={url} rows={3} style={{ marginTop: 12 }} data-testid="setup-link" />
          <Typography.Paragraph copyable={{ text: url }} style={{ marginTop: 8 }} />
        </>
      )}
    </Modal>
  );
}
