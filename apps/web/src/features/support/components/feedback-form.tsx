import { useState } from 'react';
import { Button, ImageUploader, TextArea, type ImageUploadItem } from 'antd-mobile';
import { ChoiceChips } from '@/components/choice-chips';
import { createFeedbackBody, FEEDBACK_MAX_IMAGES, FEEDBACK_MAX_LENGTH } from '@shop/contract/support';
import { TextField } from '@/components/form-field';
import { ListState } from '@/components/list-states';
import { showToast } from '@/lib/toast';
import { uploadFile } from '@/lib/upload';
import { useFeedbackCategories, useSendFeedback } from '../api/feedback';
import { useTranslation } from '@/lib/i18n';
import { FieldItem, FieldList } from '@/components/field-list';
import { Controller, useContractForm, type FieldLabels } from '@/lib/form';
import { useDraftLeftOpen, useKeepOpenDraft } from '@/lib/open-drafts';

const LABELS = [
  ['cate_id', 'support.feedback.field.category', 'choose'],
  ['content', 'support.feedback.field.content'],
  ['contact', 'support.feedback.field.contact'],
] as const satisfies FieldLabels<Record<string, unknown>>;

/** The feedback form: a category, the text with its counter (140), up to 9 images, a contact; sent, it is shown in the member's list. */
export function FeedbackForm({ onSent }: { onSent: (id: number) => void }) {
  const { t } = useTranslation();
  const categories = useFeedbackCategories();
  const send = useSendFeedback();
  // The text typed survives a reload of the page (lib/open-drafts.ts).
  const leftOpen = useDraftLeftOpen<{ content: string }>('feedback');
  const form = useContractForm(createFeedbackBody, { defaultValues: { content: leftOpen?.content ?? '', images: [] }, labels: LABELS });
  const content = form.watch('content');
  useKeepOpenDraft('feedback', content ? { content } : undefined);
  const [files, setFiles] = useState<Array<ImageUploadItem & { uploadId?: number }>>([]);

  const upload = async (file: File): Promise<ImageUploadItem & { uploadId: number }> => {
    const uploaded = await uploadFile(file);
    return { url: uploaded.url, uploadId: uploaded.id };
  };

  const submit = form.submit(async (body) => {
    const sent = await send.mutateAsync({ ...body, images: files.map((f) => f.uploadId).filter((id): id is number => typeof id === 'number') });
    showToast(t('support.feedback.sent'));
    form.reset({ content: '', images: [] });
    setFiles([]);
    onSent(sent.id);
  });

  const list = categories.data?.list ?? [];
  return (
    <ListState loading={categories.isPending} error={categories.isError} failure={categories.error} empty={list.length === 0} emptyText={t('support.feedback.noCategory')} onRetry={() => void categories.refetch()}>
      <FieldList layout="vertical" className="support-form">
        <FieldItem label={t('support.feedback.field.category')}>
          <Controller
            control={form.control}
            name="cate_id"
            render={({ field }) => (
              <ChoiceChips
                label={t('support.feedback.field.category')}
                columns={2}
                options={list.map((c) => ({ label: c.name, value: c.id }))}
                value={typeof field.value === 'number' ? field.value : undefined}
                onChange={field.onChange}
                problem={form.control.problem?.name === 'cate_id' ? form.control.problem : undefined}
              />
            )}
          />
        </FieldItem>
        <FieldItem label={t('support.feedback.field.content')}>
          <Controller
            control={form.control}
            name="content"
            render={({ field }) => (
              <TextArea
                aria-label={t('support.feedback.field.content')}
                placeholder={t('support.feedback.placeholder')}
                maxLength={FEEDBACK_MAX_LENGTH}
                showCount
                rows={4}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
              />
            )}
          />
        </FieldItem>
        <FieldItem label={t('support.feedback.field.images', { max: FEEDBACK_MAX_IMAGES })}>
          <ImageUploader value={files} onChange={setFiles} upload={upload} maxCount={FEEDBACK_MAX_IMAGES} multiple accept="image/*" />
        </FieldItem>
        <TextField control={form.control} name="contact" label={t('support.feedback.field.contact')} placeholder={t('support.feedback.contactPlaceholder')} maxLength={100} />
      </FieldList>
      <div className="support-actions">
        <Button block color="primary" shape="rounded" loading={form.busy} onClick={() => void submit()}>
          {t('support.feedback.submit')}
        </Button>
      </div>
    </ListState>
  );
}
