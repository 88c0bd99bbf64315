import { useState } from 'react';
import { Button, Input, TextArea } from 'antd-mobile';
import { ToggleSwitch } from '@/components/toggle-switch';
import { showToast } from '@/lib/toast';
import { editShopBody, SHOP_CONTACT_MAX, SHOP_FULFIL_DAYS, SHOP_INTRO_MAX, SHOP_NAME_MAX, type Shop } from '@shop/contract/user-shop';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { MediaPicker } from '@/components/shell/media-picker';
import { paths } from '@/config/paths';
import { sizedUpload } from '@/lib/media-url';
import { useNavigate } from '@/lib/router';
import { uploadFile } from '@/lib/upload';
import { useEditShop, useShopSettingsPage } from '../api/user-shop';
import '../user-shop.css';
import { useTranslation } from '@/lib/i18n';
import { FieldItem, FieldList } from '@/components/field-list';

/** Shop settings: the shop's profile and logo, set up the first time (from the approved application's name, phone and address), and pausing or opening it. */
export default function ShopSettingsPage() {
  const { t } = useTranslation();
  const page = useShopSettingsPage();
  const shop = page.data?.shop ?? null;
  return (
    <div className="page shop-page">
      <PageHeader title={t('userShop.page.settings')} />
      <ListState loading={page.isPending} error={page.isError} failure={page.error} empty={!page.data?.is_owner} emptyText={t('userShop.app.notOwner')} onRetry={() => void page.refetch()}>
        {/* Drawn with the loaded profile in it from its first frame; set up afresh once the shop exists. */}
        <ShopSettingsForm key={shop ? `shop-${shop.id}` : 'new'} shop={shop} draft={page.data?.draft ?? null} />
      </ListState>
    </div>
  );
}

/** What an approved shop-owner application said, to start a new shop's profile from. */
type ApplicationDraft = { name: string; contact_mobile: string; address: string } | null;

/** The form's first values: the shop's profile, or for a new shop what the approved application said. */
function profileOf(shop: Shop | null, draft: ApplicationDraft) {
  if (shop) return { name: shop.name, logo: shop.logo, intro: shop.intro, contact_mobile: shop.contact_mobile, address: shop.address, region: shop.region, paused: shop.status === 'paused' };
  return { name: draft?.name ?? '', logo: '', intro: '', contact_mobile: draft?.contact_mobile ?? '', address: draft?.address ?? '', region: '', paused: false };
}

function ShopSettingsForm({ shop, draft }: { shop: Shop | null; draft: ApplicationDraft }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const edit = useEditShop();
  const [v, setV] = useState(() => profileOf(shop, draft));
  const [uploading, setUploading] = useState(false);
  // A shop the platform closed keeps the profile its buyers' orders show: shown, not edited.
  const closed = shop?.status === 'closed';
  // The logo is one of the owner's own uploads; it is saved with the profile.
  const chooseLogo = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const logo = (await uploadFile(file)).url;
      setV((was) => ({ ...was, logo }));
    } catch {
      // The upload has shown the server's message.
    } finally {
      setUploading(false);
    }
  };
  const save = async () => {
    if (!v.name.trim()) {
      showToast(t('userShop.app.nameRequired'));
      return;
    }
    // The contract's rule for the contact phone, said before sending.
    if (!editShopBody.shape.contact_mobile.safeParse(v.contact_mobile).success) {
      showToast(t('userShop.validation.contactMobile'));
      return;
    }
    try {
      // The logo only when a new one was picked: the one the shop has is kept as it is.
      const { logo, ...profile } = v;
      await edit.mutateAsync({ ...profile, name: v.name.trim(), ...(logo !== (shop?.logo ?? '') && { logo }) });
    } catch {
      // The request client has shown the server's message.
      return;
    }
    showToast(t('userShop.app.saved'));
    navigate(paths.shop.my, { replace: true });
  };
  const field = (key: 'name' | 'contact_mobile' | 'address' | 'region', max: number) => (
    <FieldItem label={t(`userShop.field.${key}`)}>
      <Input value={v[key]} maxLength={max} readOnly={closed} onChange={(value) => setV({ ...v, [key]: value })} aria-label={t(`userShop.field.${key}`)} />
    </FieldItem>
  );
  return (
    <>
      <FieldList layout="vertical" className="shop-section">
        {field('name', SHOP_NAME_MAX)}
        <FieldItem label={t('userShop.field.logo')}>
          <div className="shop-logo-field">
            {v.logo && <img className="shop-logo" src={sizedUpload(v.logo, 112, 112)} alt={t('userShop.field.logo')} />}
            {!closed && (
              <MediaPicker kind="image" size="small" loading={uploading} onPick={(files) => void chooseLogo(files[0])}>
                {v.logo ? t('userShop.app.changeLogo') : t('userShop.app.chooseLogo')}
              </MediaPicker>
            )}
          </div>
        </FieldItem>
        <FieldItem label={t('userShop.field.intro')}>
          <TextArea value={v.intro} maxLength={SHOP_INTRO_MAX} showCount={!closed} readOnly={closed} onChange={(value) => setV({ ...v, intro: value })} aria-label={t('userShop.field.intro')} />
        </FieldItem>
        {field('contact_mobile', SHOP_CONTACT_MAX)}
        {field('address', 200)}
        {field('region', 100)}
        {shop && shop.status !== 'closed' && (
          // Pausing stops new orders only: what the owner approved is still theirs to serve.
          <FieldItem label={t('userShop.field.paused')} description={v.paused ? t('userShop.app.pausedKeepsApproved', { days: SHOP_FULFIL_DAYS }) : undefined}>
            <ToggleSwitch checked={v.paused} onChange={(paused) => setV({ ...v, paused })} aria-label={t('userShop.field.paused')} />
          </FieldItem>
        )}
        {closed && (
          <div className="shop-status">
            {t('userShop.shopStatus.closed')} {shop.status_reason}
            <div className="shop-muted">{t('userShop.code.shopClosedProfile')}</div>
          </div>
        )}
      </FieldList>
      {!closed && (
        <div className="shop-bar">
          <Button block color="primary" loading={edit.isPending || uploading} onClick={() => void save()}>
            {t('userShop.app.save')}
          </Button>
        </div>
      )}
    </>
  );
}
