import { Tag } from 'antd';
import { contentRoutes } from '../../lib/routes-content';
import { formatCellDate } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { nameIn } from '../../components/LanguageTexts';
import type { BodySchema } from '../../lib/form';
import type { ContentConfig } from './ContentPage';

type Texts = Partial<Record<string, string>>;
const inLang = (v: unknown) => nameIn((v ?? {}) as Texts, i18n.language || 'en-us');
const when = (v: unknown) => formatCellDate(v as string | null);
const shown = (v: unknown) => <Tag color={v ? 'green' : 'default'}>{v ? '✓' : '—'}</Tag>;
const nowIso = () => new Date().toISOString();
/** Whether a moment is still to come (a scheduled article or notice). */
const isLater = (v: unknown) => typeof v === 'string' && Date.parse(v) > Date.now();
/** A save call's body schema from the contract, loaded with the first check of the form. */
const body = (pick: (m: typeof import('@shop/contract/content')) => unknown) => import('@shop/contract/content').then((m) => pick(m) as BodySchema<Record<string, unknown>>);

// What each kind of content lists and asks for.
export const CONTENT: Record<'news' | 'notices' | 'faqs' | 'agreements' | 'popups' | 'banners', ContentConfig> = {
  news: {
    name: 'news',
    ...contentRoutes.news,
    schema: () => body((m) => m.saveNewsBody),
    columns: (t) => [
      { title: t('console.content.title'), dataIndex: 'title', render: inLang },
      {
        title: t('console.common.status'),
        dataIndex: 'status',
        // Published for a later moment: members see it only then, so it is not called published yet.
        render: (s: string, row) =>
          s === 'published' && isLater(row.published_at) ? <Tag color="gold">{`${t('console.content.scheduled')} ${when(row.published_at)}`}</Tag> : <Tag color={s === 'published' ? 'green' : 'default'}>{t(`console.content.status.${s}`)}</Tag>,
      },
      { title: t('console.content.publishedAt'), dataIndex: 'published_at', sorter: true, render: when },
      { title: t('console.content.attachments'), dataIndex: 'attachments', render: (a: unknown[]) => a.length },
    ],
    fields: (t) => [
      { name: 'title', label: t('console.content.title'), kind: 'texts', max: 200, required: true },
      { name: 'summary', label: t('console.content.summary'), kind: 'texts', max: 500 },
      { name: 'content', label: t('console.content.body'), kind: 'rich' },
      { name: 'cover', label: t('console.content.cover'), kind: 'picture' },
      { name: 'attachments', label: t('console.content.attachments'), kind: 'attachments' },
      { name: 'status', label: t('console.common.status'), kind: 'select', options: ['draft', 'published'].map((s) => ({ value: s, label: t(`console.content.status.${s}`) })) },
      { name: 'published_at', label: t('console.content.publishedAt'), kind: 'moment' },
      { name: 'is_banner', label: t('console.content.isBanner'), kind: 'switch' },
    ],
    blank: () => ({ title: {}, summary: {}, content: {}, cover: '', attachments: [], status: 'draft', published_at: nowIso(), is_banner: false }),
    title: (r, lang) => nameIn(r.title as Texts, lang),
  },
  notices: {
    name: 'notices',
    ...contentRoutes.notices,
    schema: () => body((m) => m.saveNoticeBody),
    columns: (t) => [
      { title: t('console.content.title'), dataIndex: 'title', render: inLang },
      { title: t('console.content.publishedAt'), dataIndex: 'published_at', sorter: true, render: (v: string) => (isLater(v) ? <Tag color="gold">{`${t('console.content.scheduled')} ${when(v)}`}</Tag> : when(v)) },
      { title: t('console.content.visible'), dataIndex: 'is_visible', render: shown },
    ],
    fields: (t) => [
      { name: 'title', label: t('console.content.title'), kind: 'texts', max: 200, required: true },
      { name: 'summary', label: t('console.content.summary'), kind: 'texts', max: 500 },
      { name: 'content', label: t('console.content.body'), kind: 'rich' },
      { name: 'published_at', label: t('console.content.publishedAt'), kind: 'moment', required: true },
      { name: 'is_visible', label: t('console.content.visible'), kind: 'switch' },
    ],
    blank: () => ({ title: {}, summary: {}, content: {}, published_at: nowIso(), is_visible: true }),
    title: (r, lang) => nameIn(r.title as Texts, lang),
  },
  faqs: {
    name: 'faqs',
    ...contentRoutes.faqs,
    schema: () => body((m) => m.saveFaqBody),
    columns: (t) => [
      { title: t('console.content.question'), dataIndex: 'question', render: inLang },
      { title: t('console.catalogue.editor.sort'), dataIndex: 'sort', width: 120, sorter: true },
    ],
    fields: (t) => [
      { name: 'question', label: t('console.content.question'), kind: 'texts', max: 300, required: true },
      { name: 'answer', label: t('console.content.answer'), kind: 'rich' },
      { name: 'sort', label: t('console.catalogue.editor.sort'), kind: 'number' },
    ],
    blank: () => ({ question: {}, answer: {}, sort: 0 }),
    title: (r, lang) => nameIn(r.question as Texts, lang),
  },
  agreements: {
    name: 'agreements',
    ...contentRoutes.agreements,
    schema: () => body((m) => m.saveAgreementBody),
    idField: 'kind',
    paged: false,
    columns: (t) => [
      { title: t('console.content.kind'), dataIndex: 'kind', render: (k: string) => t(`console.content.agreementKinds.${k}`) },
      { title: t('console.content.title'), dataIndex: 'title', render: inLang },
      { title: t('console.catalogue.goods.updated'), dataIndex: 'updated_at', render: when },
    ],
    fields: (t) => [
      { name: 'kind', label: t('console.content.kind'), kind: 'select', options: ['user', 'privacy', 'purchase'].map((k) => ({ value: k, label: t(`console.content.agreementKinds.${k}`) })) },
      { name: 'title', label: t('console.content.title'), kind: 'texts', max: 200, required: true },
      { name: 'content', label: t('console.content.body'), kind: 'rich' },
    ],
    blank: () => ({ kind: 'user', title: {}, content: {} }),
    title: (r, lang) => nameIn(r.title as Texts, lang),
  },
  popups: {
    name: 'popups',
    ...contentRoutes.popups,
    schema: () => body((m) => m.savePopupBody),
    columns: (t) => [
      { title: t('console.content.title'), dataIndex: 'title', render: inLang },
      { title: t('console.content.audience'), dataIndex: 'audience', render: (a: string) => t(`console.content.audiences.${a}`) },
      { title: t('console.content.startsAt'), dataIndex: 'starts_at', sorter: true, render: when },
      { title: t('console.content.endsAt'), dataIndex: 'ends_at', sorter: true, render: when },
      { title: t('console.content.visible'), dataIndex: 'is_visible', render: shown },
    ],
    fields: (t) => [
      { name: 'title', label: t('console.content.title'), kind: 'texts', max: 200, required: true },
      { name: 'content', label: t('console.content.summary'), kind: 'texts', max: 2000 },
      { name: 'image', label: t('console.content.image'), kind: 'picture' },
      { name: 'link', label: t('console.content.link'), kind: 'text', hint: t('console.content.linkHint'), invalid: t('console.content.linkInvalid') },
      { name: 'audience', label: t('console.content.audience'), kind: 'select', options: ['all', 'visitor', 'member'].map((a) => ({ value: a, label: t(`console.content.audiences.${a}`) })) },
      { name: 'starts_at', label: t('console.content.startsAt'), kind: 'moment', required: true },
      { name: 'ends_at', label: t('console.content.endsAt'), kind: 'moment' },
      { name: 'sort', label: t('console.catalogue.editor.sort'), kind: 'number' },
      { name: 'is_visible', label: t('console.content.visible'), kind: 'switch' },
    ],
    blank: () => ({ title: {}, content: {}, image: '', link: '', audience: 'all', starts_at: nowIso(), ends_at: null, sort: 0, is_visible: true }),
    title: (r, lang) => nameIn(r.title as Texts, lang),
  },
  banners: {
    name: 'banners',
    ...contentRoutes.banners,
    schema: () => body((m) => m.saveBannerBody),
    columns: (t) => [
      { title: t('console.content.title'), dataIndex: 'title', render: inLang },
      { title: t('console.content.position'), dataIndex: 'position', sorter: true, render: (p: string) => t(`console.content.positions.${p}`) },
      { title: t('console.catalogue.editor.sort'), dataIndex: 'sort', sorter: true },
      { title: t('console.content.visible'), dataIndex: 'is_visible', render: shown },
    ],
    fields: (t) => [
      { name: 'title', label: t('console.content.title'), kind: 'texts', max: 120, required: true },
      { name: 'text', label: t('console.content.summary'), kind: 'texts', max: 500 },
      { name: 'image', label: t('console.content.image'), kind: 'picture', required: true },
      { name: 'link', label: t('console.content.link'), kind: 'text', hint: t('console.content.linkHint'), invalid: t('console.content.linkInvalid') },
      { name: 'position', label: t('console.content.position'), kind: 'select', options: ['home', 'share'].map((p) => ({ value: p, label: t(`console.content.positions.${p}`) })) },
      { name: 'sort', label: t('console.catalogue.editor.sort'), kind: 'number' },
      { name: 'is_visible', label: t('console.content.visible'), kind: 'switch' },
    ],
    blank: () => ({ title: {}, text: {}, image: '', link: '', position: 'home', sort: 0, is_visible: true }),
    title: (r, lang) => nameIn(r.title as Texts, lang),
  },
};
