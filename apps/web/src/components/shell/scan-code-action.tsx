import { useState, type ReactNode } from 'react';
import { Button, Input, type ButtonProps } from 'antd-mobile';
import { Sheet } from '@/components/sheet';
import { askShell } from '@/lib/native-bridge';
import { useTranslation } from '@/lib/i18n';

/**
 * Reads a code (an invitation or a shop's QR code): the shell's camera scanner (`scanCode`), else
 * a field where the member types or pastes the code printed under it.
 */
export function ScanCodeAction({ onCode, children, ...button }: { onCode: (text: string) => void; children?: ReactNode } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useTranslation();
  const [typing, setTyping] = useState(false);
  const [text, setText] = useState('');
  const scan = async () => {
    const outcome = await askShell<{ text?: unknown }>('scanCode', { formats: ['qr'] });
    if (outcome.kind === 'answered') {
      const code = typeof outcome.answer.text === 'string' ? outcome.answer.text.trim() : '';
      if (code) onCode(code);
      return;
    }
    if (outcome.kind === 'unavailable') setTyping(true);
  };
  const use = () => {
    const code = text.trim();
    if (!code) return;
    setTyping(false);
    setText('');
    onCode(code);
  };
  return (
    <>
      <Button {...button} onClick={() => void scan()}>
        {children ?? t('app.shell.scan')}
      </Button>
      <Sheet label={t('app.shell.scanTitle')} visible={typing} onMaskClick={() => setTyping(false)} onClose={() => setTyping(false)} bodyClassName="scan-code-sheet">
        <div className="popup-title">{t('app.shell.scanTitle')}</div>
        <div className="scan-code-body">
          <p>{t('app.shell.scanHint')}</p>
          <Input value={text} onChange={setText} onEnterPress={use} placeholder={t('app.shell.scanPlaceholder')} aria-label={t('app.shell.scanTitle')} autoFocus clearable />
          <Button block color="primary" disabled={!text.trim()} onClick={use}>
            {t('app.shell.scanUse')}
          </Button>
        </div>
      </Sheet>
    </>
  );
}
