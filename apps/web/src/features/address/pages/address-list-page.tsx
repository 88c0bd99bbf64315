import '../address.css';
import { Button, Tag } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import { useNavigate, useSearchParams } from '@/lib/router';
import type { Address } from '@shop/contract/address';
import { addressText, phoneText } from '@shop/contract/common';
import { paths } from '@/config/paths';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { showToast } from '@/lib/toast';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/list-addresses';
import { useSetDefaultAddress } from '../api/set-default-address';
import { useTranslation } from '@/lib/i18n';
import { useFullName } from '@/lib/person-name';

/** One line of where, in the order the address's country writes it. */
const whereText = (a: Address) => addressText({ ...a, country_code: a.country, street: a.address });

/** Who and where: phrasing content only, as it may sit inside a button. */
function AddressText({ a }: { a: Address }) {
  const { t } = useTranslation();
  const fullName = useFullName();
  return (
    <>
      <span className="address-card-who">
        <span>{fullName(a.name, a.surname, a.country)}</span>
        <span>{phoneText(a.mobile_pre, a.mobile)}</span>
        {a.is_default && <Tag color="primary">{t('address.default')}</Tag>}
      </span>
      <span className="address-card-where">
        {a.flag} {whereText(a)}
      </span>
    </>
  );
}

/**
 * The member's addresses: set the default, edit, delete (after asking), add. Opened from checkout
 * with `?pick=1&return=<page>`, tapping an address goes back there with `address_id` (in place of the
 * page left, so Back then leaves checkout rather than showing it with the old address); one added or
 * edited meanwhile comes back to this list still picking.
 */
export default function AddressListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fullName = useFullName();
  const [params] = useSearchParams();
  const picking = params.get('pick') === '1';
  const returnTo = params.get('return') || paths.goods.checkout;
  // The add and edit form is told to come back here still picking.
  const editPath = (id?: number) => {
    const query = new URLSearchParams({ ...(id !== undefined ? { id: String(id) } : {}), ...(picking ? { pick: '1', return: returnTo } : {}) }).toString();
    return query ? `${paths.address.edit}?${query}` : paths.address.edit;
  };
  const addresses = useAddresses();
  const setDefault = useSetDefaultAddress();
  const remove = useDeleteAddress();
  const list = addresses.data?.list ?? [];
  const max = addresses.data?.max ?? 20;

  const pick = (a: Address) => {
    if (!picking) return;
    navigate(`${returnTo}${returnTo.includes('?') ? '&' : '?'}address_id=${a.id}`, { returning: true });
  };
  const confirmDelete = async (a: Address) => {
    const yes = await confirmDialog({ content: t('address.deleteConfirm'), confirmText: t('address.delete'), cancelText: t('address.cancel') });
    if (!yes) return;
    await remove.mutateAsync({ id: a.id });
    showToast(t('address.deleted'));
  };

  return (
    <div className="page address-page">
      <PageHeader title={t('app.page.addresses')} />
      <ListState loading={addresses.isPending} error={addresses.isError} empty={!list.length} emptyText={t('address.empty')} onRetry={() => void addresses.refetch()}>
        {list.map((a) => (
          <section className="address-card" key={a.id} aria-label={fullName(a.name, a.surname, a.country)}>
            {picking ? (
              // Picking for checkout: the address itself is the button that uses it (the card's region names whose it is).
              <button type="button" className="address-card-main address-card-pick" onClick={() => pick(a)} aria-label={t('address.use')}>
                <AddressText a={a} />
              </button>
            ) : (
              <div className="address-card-main">
                <AddressText a={a} />
              </div>
            )}
            <div className="address-card-actions">
              <div>
                {a.latitude !== null && a.longitude !== null && (
                  <Button size="mini" fill="none" onClick={() => navigate(`${paths.system.openLocation}?${new URLSearchParams({ lat: String(a.latitude), lng: String(a.longitude), name: fullName(a.name, a.surname, a.country), address: whereText(a) })}`)}>
                    {t('address.map.show')}
                  </Button>
                )}
                {!a.is_default && (
                  <Button size="mini" fill="outline" onClick={() => setDefault.mutate({ id: a.id })}>
                    {t('address.setDefault')}
                  </Button>
                )}
              </div>
              <div>
                <Button size="mini" onClick={() => navigate(editPath(a.id))}>
                  {t('address.edit')}
                </Button>
                <Button size="mini" color="danger" fill="outline" onClick={() => void confirmDelete(a)}>
                  {t('address.delete')}
                </Button>
              </div>
            </div>
          </section>
        ))}
      </ListState>
      {list.length > 0 && <div className="address-count">{t('address.count', { count: list.length, max })}</div>}
      <div className="address-footer">
        <Button block color="primary" size="large" disabled={list.length >= max} onClick={() => navigate(editPath())}>
          {t('address.add')}
        </Button>
      </div>
    </div>
  );
}
