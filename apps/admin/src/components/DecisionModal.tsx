import { Alert, Form, Input, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { App as AntApp } from 'antd';
import { newKey } from '../lib/api';

export interface DecisionField {
  name: string;
  label: string;
  required?: boolean;
  requiredMessage?: string;
  placeholder?: string;
  multiline?: boolean;
  min?: number;
}

interface Props {
  open: boolean;
  title: string;
  question: ReactNode;
  okText: string;
  danger?: boolean;
  fields: DecisionField[];
  /** Sends the decision with the key this dialog holds: a second click, or a retry, is the same decision. */
  send: (values: Record<string, string>, idempotencyKey: string) => Promise<unknown>;
  /** Query keys to refresh once decided. */
  invalidate: readonly unknown[][];
  onClose: (decided: boolean) => void;
}

/** Every operator decision: a question, the fields it needs (a reason …), one idempotency key per dialog. */
export function DecisionModal({ open, title, question, okText, danger, fields, send, invalidate, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Record<string, string>>();
  const key = useRef(newKey());
  const [error, setError] = useState<string | null>(null);
  const qc = useQueryClient();
  useEffect(() => {
    if (open) {
      key.current = newKey();
      setError(null);
      form.resetFields();
    }
  }, [open, form]);
  const mutation = useMutation({
    mutationFn: (values: Record<string, string>) => send(values, key.current),
    onSuccess: async () => {
      message.success(t('common.decisionSaved'));
      await Promise.all(invalidate.map((k) => qc.invalidateQueries({ queryKey: k })));
      onClose(true);
    },
    onError: (e) => setError(e instanceof Error ? e.message : String(e)),
  });
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, loading: mutation.isPending }}
      onOk={() => {
        if (mutation.isPending) return;
        void form.validateFields().then((v) => mutation.mutate(v));
      }}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <p>{question}</p>
      <Form form={form} layout="vertical" preserve={false}>
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            rules={f.required ? [{ required: true, whitespace: true, message: f.requiredMessage ?? t('common.reasonRequired') }, ...(f.min ? [{ min: f.min, message: f.requiredMessage ?? t('common.reasonRequired') }] : [])] : []}
          >
            {f.multiline ? <Input.TextArea rows={3} maxLength={300} placeholder={f.placeholder} /> : <Input maxLength={100} placeholder={f.placeholder} />}
          </Form.Item>
        ))}
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
