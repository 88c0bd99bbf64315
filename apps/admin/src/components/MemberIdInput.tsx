import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../lib/endpoint-query';
import { useCan } from '../lib/operator';
import { ApiError } from '../lib/request';
import { memberRoute } from '../lib/routes';

interface Props {
  id?: string;
  value?: string;
  onChange?: (typed: string) => void;
  onBlur?: () => void;
  'aria-invalid'?: true;
  'aria-required'?: true;
  'aria-describedby'?: string;
}

/**
 * A member's ID typed in a dialog (a child of `FormField`), with whose it is under it as soon as it is
 * typed: the member's user name and nickname, or "no member with this ID", before anything is sent (as
 * the adjustment form does). An operator who may not read members sees the ID alone.
 */
export function MemberIdInput({ value, onChange, onBlur, ...control }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const typed = (value ?? '').trim();
  const id = /^\d{1,15}$/.test(typed) && Number(typed) > 0 ? Number(typed) : 0;
  const lookup = useEndpointQuery(memberRoute, { id }, { enabled: id > 0 && can('members.read'), retry: false });
  const unknown = id > 0 && lookup.error instanceof ApiError && (lookup.error.status === 404 || lookup.error.code === 404 || lookup.error.code === 2020);
  const whose =
    id === 0 || lookup.isFetching ? null : unknown ? (
      <Typography.Text type="danger" data-testid="member-unknown">
        {t('console.money.adjust.noSuchMember', { id })}
      </Typography.Text>
    ) : lookup.data ? (
      <Typography.Text type="secondary" data-testid="member-name">
        {lookup.data.nickname ? `${lookup.data.user_name} · ${lookup.data.nickname}` : lookup.data.user_name}
      </Typography.Text>
    ) : null;
  // Read with the field: whose ID it is, after what the field already says.
  const whoseId = control.id ? `${control.id}-whose` : undefined;
  const describedBy = [control['aria-describedby'], whose && whoseId].filter(Boolean).join(' ');
  return (
    <div>
      <Input {...control} aria-describedby={describedBy || undefined} inputMode="numeric" maxLength={15} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} onBlur={onBlur} />
      {whose && (
        <div id={whoseId} style={{ marginTop: 4 }}>
          {whose}
        </div>
      )}
    </div>
  );
}
