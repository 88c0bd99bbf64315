import { Alert, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  const url = link ? `${window.location.origin}${link.setup_path}` : '';
  return (
    <Modal open={link !== null} title={title} footer={null} onCancel={onClose}>
      {link && (
        <>
          <Alert type="success" showIcon title={message} />
          <Input.TextArea readOnly value={url} rows={3} style={{ marginTop: 12 }} data-testid="setup-link" />
          {/* Said in words: a lone copy icon under the link was easy to miss. */}
          <Typography.Paragraph copyable={{ text: url, icon: [t('console.common.copyLink'), t('console.common.copied')], tooltips: false }} style={{ marginTop: 8 }} />
        </>
      )}
    </Modal>
  );
}
