import { Col, Input, Row, Tabs, Typography } from 'antd';
import type { Language } from '@shop/contract/common';
import { useWatch, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, type AnyForm } from '../lib/form';
import { LANGUAGE_NAMES } from '../lib/i18n';

/**
 * What the preview may load: pictures (this site's and https ones, as the member app shows them) and
 * inline styles; no script, no font, no frame, no form, no other base address.
 */
const PREVIEW_POLICY = "default-src 'none'; img-src 'self' https: data: blob:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/**
 * A text as it would show, in a frame that runs nothing (the server reduces it to safe markup when
 * saved). The frame has the console's origin, so the shop's pictures (served to this site only) load
 * in it; without `allow-scripts` it still runs no script, and its policy, before the text, allows
 * nothing but pictures and styles. A new frame for each text: Chromium left a frame blank when its
 * text was set again while its first (empty) one was still loading, as when the saved goods arrive
 * just after the editor opens.
 */
function Preview({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      key={html}
      title={title}
      sandbox="allow-same-origin"
      srcDoc={`<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PREVIEW_POLICY}"><body style="font-family:sans-serif;font-size:14px">${html}</body>`}
      style={{ width: '100%', height: 220, border: '1px solid #f0f0f0', borderRadius: 6 }}
    />
  );
}

/** A rich text per language: one tab each, the HTML beside its preview. */
export function RichTexts({ form, name, label, shown }: { form: AnyForm; name: string; label: string; shown: Language[] }) {
  const { t } = useTranslation();
  const values = (useWatch({ control: form.control, name }) ?? {}) as Partial<Record<string, string>>;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('console.catalogue.editor.descriptionHint')}</Typography.Paragraph>
      <Tabs
        items={shown.map((lang) => ({
          key: lang,
          label: LANGUAGE_NAMES[lang],
          forceRender: true,
          children: (
            <Row gutter={[16, 8]}>
              {/* On a phone the preview goes under the text, each as wide as the screen. */}
              <Col xs={24} md={12}>
                <FormField<FieldValues> form={form} name={`${name}.${lang}`} style={{ marginBottom: 0 }}>
                  <Input.TextArea rows={9} maxLength={200000} aria-label={`${label} ${LANGUAGE_NAMES[lang]}`} style={{ fontFamily: 'monospace' }} data-testid={`${name}-${lang}`} />
                </FormField>
              </Col>
              <Col xs={24} md={12}>
                <Typography.Text type="secondary">{t('console.catalogue.editor.preview')}</Typography.Text>
                <Preview html={values[lang] ?? ''} title={`${t('console.catalogue.editor.preview')} ${LANGUAGE_NAMES[lang]}`} />
              </Col>
            </Row>
          ),
        }))}
      />
    </>
  );
}
