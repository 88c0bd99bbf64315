import type { adminCategorySchema, saveCategoryBody } from '@shop/contract/catalogue';
import type { Language } from '@shop/contract/common';
import { Alert, App as AntApp, Button, Card, Col, Empty, Form, Input, Popconfirm, Row, Skeleton, Space, Switch, Tag, Tree, TreeSelect, Typography, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { FormField, filledTexts, useConsoleForm } from '../../lib/form';
import { categoriesRoute, reorderCategoriesRoute, saveCategoryRoute } from '../../lib/routes-catalogue';
import { LanguagePicker, LanguageTexts, editorLanguages, nameIn, useShownLanguages } from '../../components/LanguageTexts';
import { SaveRefused } from '../../components/SaveRefused';

type Category = z.infer<typeof adminCategorySchema>;

/** Every category, asked once for the pages that show the tree or pick from it. */
export function useCategories(options: { fresh?: boolean } = {}) {
  return useEndpointQuery(categoriesRoute, undefined, { refetchOnMount: options.fresh ? 'always' : true });
}

/** The categories as nested nodes, siblings in the shop's order. */
export function categoryTree(list: Category[], lang: string, render: (c: Category) => React.ReactNode = (c) => nameIn(c.name, lang)): TreeDataNode[] {
  const build = (parent: number | null): TreeDataNode[] =>
    list.filter((c) => c.parent_id === parent).map((c) => ({ key: c.id, value: c.id, title: render(c), children: build(c.id) }) as TreeDataNode);
  return build(null);
}

/** The form open: a category as it was when opened (or reloaded, or saved), or a new one under `parent_id`. */
interface Editing {
  id?: number;
  parent_id: number | null;
  /** The copy the form is filled from; a read of the list in the background does not replace it. */
  row?: Category;
}

interface CategoryValues {
  name: Partial<Record<string, string>>;
  icon: string;
  is_visible: boolean;
  parent_id: number | null;
}

/** The form of one category (or a new one); `onReload` reads the categories again (after a refusal: changed by someone else since it was opened). */
function CategoryForm({ editing, list, shown, onSaved, onReload }: { editing: Editing; list: Category[]; shown: Language[]; onSaved: (c: Category) => void; onReload: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = AntApp.useApp();
  const current = editing.row;
  // The version the form was filled from: a save names it, so one from a copy changed since is refused rather than undoing that change.
  const loaded = useRef<string | undefined>(undefined);
  const form = useConsoleForm<CategoryValues, z.output<typeof saveCategoryBody>>({
    schema: () => import('@shop/contract/catalogue').then((m) => m.saveCategoryBody),
    defaultValues: { name: {}, icon: '', is_visible: true, parent_id: null },
    toBody: (v) => ({ id: editing.id, base_updated_at: editing.id === undefined ? undefined : loaded.current, parent_id: v.parent_id ?? null, name: filledTexts(v.name), icon: v.icon ?? '', is_visible: v.is_visible }),
  });
  const { reset } = form;
  // Filled when a category is opened, refreshed or saved (each a new `editing`), never by a background read of the list: what is typed stays.
  useEffect(() => {
    loaded.current = current?.updated_at;
    reset(current ? { name: current.name, icon: current.icon, is_visible: current.is_visible, parent_id: current.parent_id } : { name: {}, icon: '', is_visible: true, parent_id: editing.parent_id });
  }, [editing, current, reset]);
  const save = useEndpointMutation(saveCategoryRoute, {
    invalidates: [categoriesRoute],
    onSuccess: (c) => {
      message.success(t('console.catalogue.categories.saved'));
      onSaved(c);
    },
  });
  // A category cannot move under itself or its own children.
  const below = new Set<number>();
  if (editing.id !== undefined) {
    const walk = (id: number) => {
      below.add(id);
      list.filter((c) => c.parent_id === id).forEach((c) => walk(c.id));
    };
    walk(editing.id);
  }
  const parents = categoryTree(list.filter((c) => !below.has(c.id)), i18n.language);
  return (
    <Form layout="vertical" component="div" data-testid="category-form">
      <LanguageTexts form={form} shown={shown} fields={[{ name: 'name', label: t('console.catalogue.categories.name'), max: 60 }]} />
      <FormField form={form} name="parent_id" label={t('console.catalogue.categories.parent')}>
        <TreeSelect allowClear treeDefaultExpandAll treeData={parents} placeholder={t('console.catalogue.categories.root')} style={{ maxWidth: 360 }} />
      </FormField>
      <FormField form={form} name="icon" label={t('console.catalogue.categories.icon')}>
        <Input maxLength={500} placeholder="/uploads/…" style={{ maxWidth: 480 }} />
      </FormField>
      <FormField form={form} name="is_visible" label={t('console.catalogue.categories.visible')} valuePropName="checked">
        <Switch />
      </FormField>
      {/* Changed by someone else since it was opened: start again from the category as it is now. */}
      <SaveRefused error={save.error} onReload={() => (save.reset(), onReload())} reloadTestId="reload-category" style={{ marginBottom: 12 }} />
      <Popconfirm title={t('console.catalogue.categories.saveQuestion')} okText={t('console.common.confirm')} cancelText={t('console.common.cancel')} onConfirm={() => void form.submit((body) => save.mutate(body))()}>
        <Button type="primary" loading={save.isPending} data-testid="save-category">
          {t('console.catalogue.editor.save')}
        </Button>
      </Popconfirm>
    </Form>
  );
}

/** The category tree: drag (or move up and down with the keyboard) to order, a form to name in every language. */
export default function Categories() {
  const { t, i18n } = useTranslation();
  const { message, modal } = AntApp.useApp();
  // The tree page reads the categories again each time it opens (another operator may have changed them).
  const query = useCategories({ fresh: true });
  const [chosen, setChosen] = useShownLanguages();
  // Every category open unless the operator closed it (new ones too).
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useMemo(() => query.data?.list ?? [], [query.data]);
  /** Opens a category's form from the row given (as the list has it, or as a save answered). */
  const open = (row: Category) => setEditing({ id: row.id, parent_id: row.parent_id, row });
  /** Refresh after a refusal: the category read again and the form refilled from it (closed when it is gone). */
  const reopen = async (id: number) => {
    const row = (await query.refetch()).data?.list.find((c) => c.id === id);
    setEditing(row ? { id, parent_id: row.parent_id, row } : null);
  };
  const reorder = useEndpointMutation(reorderCategoriesRoute, {
    invalidates: [categoriesRoute],
    onSuccess: () => void message.success(t('console.catalogue.categories.reordered')),
    onError: (e) => void message.error(e.message),
  });
  const siblingsOf = (parent: number | null) => list.filter((c) => c.parent_id === parent).map((c) => c.id);
  /** Moves `id` to `index` among its siblings and saves the order. */
  const moveTo = (id: number, index: number) => {
    const c = list.find((x) => x.id === id);
    if (!c) return;
    const ids = siblingsOf(c.parent_id).filter((x) => x !== id);
    ids.splice(Math.max(0, Math.min(index, ids.length)), 0, id);
    // A new order is a decision members see at once: asked first (Enter confirms, Escape leaves it as it was).
    void modal.confirm({
      title: t('console.catalogue.categories.reorderQuestion'),
      content: ids.map((x) => nameIn(list.find((y) => y.id === x)?.name ?? {}, i18n.language)).join(' · '),
      okText: t('console.common.confirm'),
      cancelText: t('console.common.cancel'),
      autoFocusButton: 'ok',
      onOk: () => reorder.mutateAsync({ parent_id: c.parent_id, ids }).catch(() => undefined),
    });
  };
  // Every language the open category is already named in is shown with the operator's choice: no name is edited unseen.
  const { shown, kept, choose } = editorLanguages(chosen, setChosen, editing?.row?.name);
  const selected = editing?.id !== undefined ? list.find((c) => c.id === editing.id) : undefined;
  const position = selected ? siblingsOf(selected.parent_id).indexOf(selected.id) : -1;
  const count = selected ? siblingsOf(selected.parent_id).length : 0;

  if (query.isError) return <Alert type="error" showIcon title={t('console.common.error')} description={query.error.message} action={<Button onClick={() => void query.refetch()}>{t('console.common.retry')}</Button>} />;
  const tree = categoryTree(list, i18n.language, (c) => (
    <span data-testid={`category-${c.id}`}>
      {nameIn(c.name, i18n.language)} <Typography.Text type="secondary">{t('console.catalogue.categories.goodsCount', { count: c.goods_count })}</Typography.Text>
      {!c.is_visible && <Tag style={{ marginInlineStart: 6 }}>{t('console.catalogue.categories.hidden')}</Tag>}
    </span>
  ));
  return (
    <Row gutter={24}>
      <Col span={10}>
        <Card
          size="small"
          title={t('console.catalogue.nav.categories')}
          extra={
            <Button type="primary" onClick={() => setEditing({ parent_id: null })} data-testid="new-category">
              {t('console.catalogue.categories.new')}
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">{t('console.catalogue.categories.dragHint')}</Typography.Paragraph>
          {query.isLoading ? (
            <Skeleton active />
          ) : list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('console.common.empty')} />
          ) : (
            <Tree
              treeData={tree}
              expandedKeys={list.filter((c) => !collapsed.has(c.id)).map((c) => c.id)}
              onExpand={(_, { node, expanded }) => setCollapsed((old) => {
                const next = new Set(old);
                if (expanded) next.delete(Number(node.key));
                else next.add(Number(node.key));
                return next;
              })}
              blockNode
              draggable={{ icon: false }}
              selectedKeys={editing?.id !== undefined ? [editing.id] : []}
              onSelect={(keys) => {
                const row = list.find((c) => c.id === Number(keys[0]));
                if (row) open(row);
              }}
              // Only among siblings: moving to another parent is the form's work.
              allowDrop={({ dragNode, dropNode, dropPosition }) =>
                dropPosition !== 0 && list.find((c) => c.id === Number(dragNode.key))?.parent_id === list.find((c) => c.id === Number(dropNode.key))?.parent_id
              }
              onDrop={(info) => {
                const dragId = Number(info.dragNode.key);
                const target = list.find((c) => c.id === Number(info.node.key));
                if (!target || !info.dropToGap) return;
                const ids = siblingsOf(target.parent_id).filter((x) => x !== dragId);
                const at = ids.indexOf(target.id) + (info.dropPosition > siblingsOf(target.parent_id).indexOf(target.id) ? 1 : 0);
                moveTo(dragId, at);
              }}
            />
          )}
        </Card>
      </Col>
      <Col span={14}>
        <Card
          size="small"
          title={selected ? nameIn(selected.name, i18n.language) : editing ? t('console.catalogue.categories.new') : ''}
          extra={
            selected && (
              <Space>
                <Button disabled={position <= 0 || reorder.isPending} onClick={() => moveTo(selected.id, position - 1)} data-testid="move-up">
                  {t('console.catalogue.categories.up')}
                </Button>
                <Button disabled={position < 0 || position >= count - 1 || reorder.isPending} onClick={() => moveTo(selected.id, position + 1)} data-testid="move-down">
                  {t('console.catalogue.categories.down')}
                </Button>
                <Button onClick={() => setEditing({ parent_id: selected.id })}>{t('console.catalogue.categories.newChild')}</Button>
              </Space>
            )
          }
        >
          {editing ? (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <LanguagePicker shown={shown} kept={kept} onChange={choose} />
              <Typography.Text type="secondary">{t('console.catalogue.english')}</Typography.Text>
              <CategoryForm
                editing={editing}
                list={list}
                shown={shown}
                onSaved={open}
                onReload={() => {
                  if (editing.id !== undefined) void reopen(editing.id);
                }}
              />
            </Space>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('console.catalogue.categories.pick')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
