import type { ReactNode } from 'react';
import {
  AppstoreOutline,
  BankcardOutline,
  GiftOutline,
  HeartOutline,
  LocationOutline,
  MailOutline,
  MessageOutline,
  CollectMoneyOutline,
  SetOutline,
  TeamOutline,
  TeamFill,
  UnorderedListOutline,
  EditSOutline,
  StarOutline,
  UserOutline,
  FileOutline,
  ShopbagOutline,
} from 'antd-mobile-icons';
import { paths } from '@/config/paths';

export interface PersonalEntry {
  key: string;
  titleKey: string;
  icon: ReactNode;
  to: string;
  /** Visitors are sent to login instead. */
  memberOnly?: boolean;
}

/**
 * The entries of the personal tab, in groups. Areas add their entries here (one line each);
 * the page draws them in order.
 */
export const personalEntryGroups: PersonalEntry[][] = [
  [
    { key: 'wallet', titleKey: 'wallet.page.assets', icon: <CollectMoneyOutline />, to: paths.wallet.assets, memberOnly: true },
    { key: 'orders', titleKey: 'app.my.orders', icon: <UnorderedListOutline />, to: paths.order.list, memberOnly: true },
    { key: 'addresses', titleKey: 'app.my.addresses', icon: <LocationOutline />, to: paths.address.list, memberOnly: true },
    { key: 'giftCards', titleKey: 'app.my.giftCards', icon: <GiftOutline />, to: paths.my.giftCards, memberOnly: true },
    { key: 'afterSales', titleKey: 'app.my.afterSales', icon: <BankcardOutline />, to: paths.order.afterSales, memberOnly: true },
    { key: 'groupBuys', titleKey: 'orders.page.groupBuys', icon: <TeamFill />, to: paths.groupBuy.list, memberOnly: true },
    { key: 'charity', titleKey: 'orders.page.charity', icon: <HeartOutline />, to: paths.charity.index, memberOnly: true },
    { key: 'shopOrders', titleKey: 'userShop.page.buyerOrders', icon: <ShopbagOutline />, to: paths.shop.buyerOrders, memberOnly: true },
    { key: 'myShop', titleKey: 'userShop.page.myShop', icon: <AppstoreOutline />, to: paths.shop.my, memberOnly: true },
  ],
  [
    { key: 'invite', titleKey: 'app.my.invite', icon: <TeamOutline />, to: paths.invite.index, memberOnly: true },
    { key: 'team', titleKey: 'referral.page.members', icon: <UserOutline />, to: paths.team.members, memberOnly: true },
    { key: 'star', titleKey: 'referral.page.star', icon: <StarOutline />, to: paths.team.star, memberOnly: true },
    { key: 'applications', titleKey: 'referral.page.applications', icon: <FileOutline />, to: paths.team.applications, memberOnly: true },
    { key: 'messages', titleKey: 'support.page.messages', icon: <MailOutline />, to: paths.my.messages, memberOnly: true },
    { key: 'feedback', titleKey: 'app.my.feedback', icon: <EditSOutline />, to: paths.my.feedback, memberOnly: true },
    { key: 'support', titleKey: 'app.my.support', icon: <MessageOutline />, to: paths.other.customerChat },
    { key: 'settings', titleKey: 'app.my.settings', icon: <SetOutline />, to: paths.other.settings },
  ],
];
