import { useCan } from '../lib/operator';
import Members from '../pages/members/Members';
import { MemberLedger } from '../pages/money/MemberLedger';
import { MemberReferral } from '../pages/referral/MemberReferral';
import { MemberShopOrders } from '../pages/shops/MemberShopOrders';
import { MemberTotpReset } from '../pages/settings/MemberTotpReset';

/** The members page with what other areas show on a member's profile: the authenticator reset (settings), the member's referral figures (referral), ledger (money) and orders from members' shops (shops). */
export default function MembersPage() {
  const can = useCan();
  return (
    <Members
      actions={(id) => <MemberTotpReset id={id} />}
      sections={(id) => (
        <>
          {can('referral.read') && <MemberReferral memberId={id} />}
          {can('ledger.read') && <MemberLedger memberId={id} />}
          {can('shops.manage') && <MemberShopOrders memberId={id} />}
        </>
      )}
    />
  );
}
