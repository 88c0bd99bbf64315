import { useEffect, useState } from 'react';
import { Button, Input, Switch, TextArea, Toast } from 'antd-mobile';
import { SHOP_INTRO_MAX, SHOP_NAME_MAX } from '@shop/contract/user-shop';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useNavigate } from '@/lib/router';
import { useEditShop, useShopSettingsPage } from '../api/user-shop';
import '../user-shop.css';
import { useTranslation } from '@/lib/i18n';
import { FieldItem, FieldList } from '@/components/field-list';

/** Shop settings: the shop's profile, set up the first time, and pausing or opening it. */
export default function ShopSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = useShopSettingsPage();
  const shop = page.data?.shop ?? null;
  const edit = useEditShop();
  const [v, setV] = useState({ name: '', intro: '', contact_mobile: '', address: '', region: '', paused: false });
  useEffect(() => {
    if (shop) setV({ name: shop.name, intro: shop.intro, contact_mobile: shop.contact_mobile, address: shop.address, region: shop.region, paused: shop.status === 'paused' });
  }, [shop]);
  const save = async () => {
    if (!v.name.trim()) {
      Toast.show({ content: t('userShop.app.nameRequired') });
      return;
    }
    await edit.mutateAsync({ ...v, name: v.name.trim() });
    Toast.show({ content: t('userShop.app.saved') });
    navigate(paths.shop.my, { replace: true });
  };
  const field = (key: 'name' | 'contact_mobile' | 'address' | 'region', max: number) => (
    <FieldItem label={t(`userShop.field.${key}`)}>
      <Input value={v[key]} maxLength={max} onChange={(value) => setV({ ...v, [key]: value })} aria-label={t(`userShop.field.${key}`)} />
    </FieldItem>
  );
  return (
    <div className="page shop-page">
      <PageHeader title={t('userShop.page.settings')} />
      <ListState loading={page.isPending} error={page.isError} failure={page.error} empty={!page.data?.is_owner} emptyText={t('userShop.app.notOwner')} onRetry={() => void page.refetch()}>
        <FieldList layout="vertical" className="shop-section">
          {field('name', SHOP_NAME_MAX)}
          <FieldItem label={t('userShop.field.intro')}>
            <TextArea value={v.intro} maxLength={SHOP_INTRO_MAX} showCount onChange={(value) => setV({ ...v, intro: value })} aria-label={t('userShop.field.intro')} />
          </FieldItem>
          {field('contact_mobile', 30)}
          {field('address', 200)}
          {field('region', 100)}
          {shop && shop.status !== 'closed' && (
            <FieldItem label={t('userShop.field.paused')}>
              <Switch checked={v.paused} onChange={(paused) => setV({ ...v, paused })} aria-label={t('userShop.field.paused')} />
            </FieldItem>
          )}
          {shop?.status === 'closed' && <div className="shop-status">{t('userShop.shopStatus.closed')} {shop.status_reason}</div>}
        </FieldList>
        <div className="shop-bar">
          <Button block color="primary" loading={edit.isPending} onClick={() => void save()}>
            {t('userShop.app.save')}
          </Button>
        </div>
      </ListState>
    </div>
  );
}
