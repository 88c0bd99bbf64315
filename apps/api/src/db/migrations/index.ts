import type { Migration } from 'kysely/migration';
import * as createPlatform from './2026_11_21_0900_create_platform.js';
import * as createAccounts from './2026_11_21_1000_create_accounts.js';
import * as createCatalogue from './2026_11_21_1100_create_catalogue.js';
import * as createLedger from './2026_11_23_1300_create_ledger.js';
import * as createOperators from './2026_11_23_1310_create_operators.js';
import * as ledgerOneCheckPerEntry from './2026_11_23_1320_ledger_one_check_per_entry.js';
import * as createGeoAndAddresses from './2026_11_23_1400_create_geo_and_addresses.js';
import * as createCart from './2026_11_23_1500_create_cart.js';
import * as createOrders from './2026_11_23_1510_create_orders.js';
import * as createCharity from './2026_11_23_1520_create_charity.js';
import * as createInternationalOrders from './2026_11_23_1530_create_international_orders.js';
import * as createGroupBuys from './2026_11_23_1540_create_group_buys.js';
import * as createCoupons from './2026_11_23_1550_create_coupons.js';
import * as createIdempotencyAndWebhooks from './2026_11_23_1000_create_idempotency_and_webhooks.js';
import * as sessionFamiliesAndIdle from './2026_11_23_0947_session_families_and_idle.js';
import * as createWallet from './2026_11_23_1600_create_wallet.js';
import * as createPayments from './2026_11_23_1700_create_payments.js';
import * as addAsianPayMethods from './2026_11_23_1710_add_asian_pay_methods.js';
import * as createLedgerAdjustments from './2026_11_23_1810_create_ledger_adjustments.js';
import * as checkoutPoints from './2026_11_23_1800_checkout_points.js';
import * as catalogueConsole from './2026_11_23_1800_catalogue_console.js';
import * as paymentFlagDecisions from './2026_11_23_1900_payment_flag_decisions.js';
import * as orderLinePv from './2026_11_24_1137_order_line_pv.js';
import * as createPushDevices from './2026_11_24_1400_create_push_devices.js';
import * as createJobWorkers from './2026_11_24_1600_create_job_workers.js';
import * as goodsOnSaleOrderIndex from './2026_11_24_1700_goods_on_sale_order_index.js';
import * as fourEyes from './2026_11_24_1900_four_eyes.js';
import * as createMemberMessages from './2026_11_24_1800_create_member_messages.js';
import * as createMemberRoles from './2026_11_24_1810_create_member_roles.js';
import * as orderSettlement from './2026_11_24_1820_order_settlement.js';
import * as supportMessages from './2026_11_24_2200_support_messages.js';
import * as createFeedback from './2026_11_24_2210_create_feedback.js';
import * as createSupportChat from './2026_11_24_2220_create_support_chat.js';
import * as privateUploads from './2026_11_24_2500_private_uploads.js';
import * as afterSales from './2026_11_24_2000_after_sales.js';
import * as referral from './2026_11_24_2600_referral.js';
import * as memberShops from './2026_11_24_2700_member_shops.js';
import * as afterSaleReasonNames from './2026_11_24_2800_after_sale_reason_names.js';
import * as broadcastStars from './2026_11_24_2805_broadcast_stars.js';
import * as shopPriceBand from './2026_11_24_2820_shop_price_band.js';
import * as sessionChangeNotices from './2026_11_25_2950_session_change_notices.js';
import * as payMethodsChangeNotice from './2026_11_25_3000_pay_methods_change_notice.js';
import * as paymentPayableNo from './2026_11_25_3010_payment_payable_no.js';
import * as afterSaleSettingsChangeNotice from './2026_11_25_3020_after_sale_settings_change_notice.js';
import * as afterSaleLinesCaseIndex from './2026_11_26_1000_after_sale_lines_case_index.js';
import * as afterSaleUnitsUnderLock from './2026_11_27_1000_after_sale_units_under_lock.js';
import * as goodsSoldPending from './2026_11_28_1000_goods_sold_pending.js';
import * as reviewModeration from './2026_11_28_2000_review_moderation.js';
import * as rechargeRefunded from './2026_11_28_2100_recharge_refunded.js';
import * as rechargeTxHashNormalForm from './2026_11_28_2200_recharge_tx_hash_normal_form.js';
import * as afterSaleFreight from './2026_11_28_2300_after_sale_freight.js';
import * as loginAttemptsPending from './2026_11_28_2350_login_attempts_pending.js';
import * as regionNamesThKm from './2026_11_28_2355_region_names_th_km.js';
import * as operatorSessionsNeedsTotp from './2026_11_28_2356_operator_sessions_needs_totp.js';
import * as withdrawalReviewers from './2026_11_29_0100_withdrawal_reviewers.js';
import * as codeRequestKeys from './2026_11_29_0200_code_request_keys.js';
import * as certificationDocumentOnce from './2026_11_29_0210_certification_document_once.js';
import * as orderPointsWithheld from './2026_11_29_0220_order_points_withheld.js';
import * as cambodiaTboungKhmum from './2026_11_29_0230_cambodia_tboung_khmum.js';
import * as orderPointsRate from './2026_11_29_0300_order_points_rate.js';
import * as approvalRequestChanges from './2026_11_29_0740_approval_request_changes.js';
import * as refundFailures from './2026_11_29_0800_refund_failures.js';
import * as referralHouseCode from './2026_11_29_0810_referral_house_code.js';
import * as adjustmentLimitsOneSetting from './2026_11_29_1300_adjustment_limits_one_setting.js';
import * as shopOrderFeeAtPayment from './2026_11_29_1430_shop_order_fee_at_payment.js';
import * as transferFee from './2026_11_29_1600_transfer_fee.js';
import * as regionNamesHu from './2026_11_29_1700_region_names_hu.js';
import * as saleAreasWithoutRate from './2026_11_30_1100_sale_areas_without_rate.js';
import * as shopOrderEarnings from './2026_11_30_1000_shop_order_earnings.js';
import * as identifiersNameOneMember from './2026_11_30_1200_identifiers_name_one_member.js';
import * as contentRowsVersioned from './2026_11_30_1300_content_rows_versioned.js';
import * as categoriesAndCausesVersioned from './2026_11_30_1400_categories_and_causes_versioned.js';
import * as groupBuysVersioned from './2026_11_30_1500_group_buys_versioned.js';
import * as shopOrderAfterSales from './2026_11_24_2900_shop_order_after_sales.js';
import * as sponsorPaths from './2026_11_24_2830_sponsor_paths.js';
import * as reviewsOfReturnedGoods from './2026_11_30_1610_reviews_of_returned_goods.js';
import * as registrationPhoneUnconfirmed from './2026_11_30_1620_registration_phone_unconfirmed.js';
import * as providerRefMismatchFlag from './2026_11_30_1700_provider_ref_mismatch_flag.js';
import * as newsCommentModeration from './2026_11_30_1800_news_comment_moderation.js';
import * as languagePacksChangeNotice from './2026_11_30_1810_language_packs_change_notice.js';
import * as loginFailuresTyped from './2026_11_30_1900_login_failures_typed.js';
import * as uploadAddressesKeptHere from './2026_11_30_2000_upload_addresses_kept_here.js';
import * as afterSaleRefundReason from './2026_11_30_2100_after_sale_refund_reason.js';
import * as thailandDistricts from './2026_11_30_2215_thailand_districts.js';
import * as cityDoubles from './2026_11_30_2230_city_doubles_jp_tw_my.js';
import * as settingsVersions from './2026_11_30_2300_settings_versions.js';
import * as consoleRowsVersioned from './2026_11_30_2400_console_rows_versioned.js';
import * as settingsCardsVersioned from './2026_11_30_2410_settings_cards_versioned.js';
import * as operatorAccessIssuers from './2026_11_30_2500_operator_access_issuers.js';
import * as prefecturesInJapanese from './2026_11_30_2520_prefectures_in_japanese.js';
import * as hungaryTownsWithoutDistricts from './2026_11_30_2521_hungary_towns_without_districts.js';
import * as cambodiaCityDoubles from './2026_11_30_2522_cambodia_city_doubles.js';
import * as groupBuyEntryDropCause from './2026_11_30_2600_group_buy_entry_drop_cause.js';
import * as goodsNamesSearchable from './2026_11_30_2640_goods_names_searchable.js';
import * as certificationDocumentKey from './2026_11_30_2710_certification_document_key.js';
import * as operatorActionsVia from './2026_11_30_2730_operator_actions_via.js';
import * as shopStatusChangedAt from './2026_12_01_0900_shop_status_changed_at.js';
import * as shopStockReturnReason from './2026_12_01_1000_shop_stock_return_reason.js';
import * as pvEntryLegs from './2026_12_01_1110_pv_entry_legs.js';
import * as operatorActionFacts from './2026_12_01_1330_operator_action_facts.js';
import * as pvDayClosings from './2026_12_01_1200_pv_day_closings.js';
import * as chatLastMessageKind from './2026_12_02_1410_chat_last_message_kind.js';
import * as bankCardAccountOnce from './2026_12_02_1500_bank_card_account_once.js';
import * as taiwanCountiesAndCities from './2026_12_02_1620_taiwan_counties_and_cities.js';
import * as hongKongMacaoShortNames from './2026_12_02_1630_hong_kong_macao_short_names.js';
import * as bankAccountOneMember from './2026_12_02_1900_bank_account_one_member.js';
import * as refundReducedFromAndRestockCase from './2026_12_02_1930_refund_reduced_from_and_restock_case.js';
import * as pairResultsDebtNetted from './2026_12_03_1700_pair_results_debt_netted.js';
import * as uploadsByMemberAndTime from './2026_12_03_2010_uploads_by_member_and_time.js';

/**
 * Every migration, by its dated name; they run in name order. A new migration adds one line here
 * (an explicit list works the same under tsx, vitest and any bundler).
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0900_create_platform': createPlatform,
  '2026_11_21_1000_create_accounts': createAccounts,
  '2026_11_21_1100_create_catalogue': createCatalogue,
  '2026_11_23_0947_session_families_and_idle': sessionFamiliesAndIdle,
  '2026_11_23_1000_create_idempotency_and_webhooks': createIdempotencyAndWebhooks,
  '2026_11_23_1300_create_ledger': createLedger,
  '2026_11_23_1310_create_operators': createOperators,
  '2026_11_23_1320_ledger_one_check_per_entry': ledgerOneCheckPerEntry,
  '2026_11_23_1400_create_geo_and_addresses': createGeoAndAddresses,
  '2026_11_23_1500_create_cart': createCart,
  '2026_11_23_1510_create_orders': createOrders,
  '2026_11_23_1520_create_charity': createCharity,
  '2026_11_23_1530_create_international_orders': createInternationalOrders,
  '2026_11_23_1540_create_group_buys': createGroupBuys,
  '2026_11_23_1550_create_coupons': createCoupons,
  '2026_11_23_1600_create_wallet': createWallet,
  '2026_11_23_1700_create_payments': createPayments,
  '2026_11_23_1710_add_asian_pay_methods': addAsianPayMethods,
  '2026_11_23_1810_create_ledger_adjustments': createLedgerAdjustments,
  '2026_11_23_1800_checkout_points': checkoutPoints,
  '2026_11_23_1800_catalogue_console': catalogueConsole,
  '2026_11_23_1900_payment_flag_decisions': paymentFlagDecisions,
  '2026_11_24_1137_order_line_pv': orderLinePv,
  '2026_11_24_1400_create_push_devices': createPushDevices,
  '2026_11_24_1600_create_job_workers': createJobWorkers,
  '2026_11_24_1700_goods_on_sale_order_index': goodsOnSaleOrderIndex,
  '2026_11_24_1800_create_member_messages': createMemberMessages,
  '2026_11_24_1810_create_member_roles': createMemberRoles,
  '2026_11_24_1820_order_settlement': orderSettlement,
  '2026_11_24_1900_four_eyes': fourEyes,
  '2026_11_24_2200_support_messages': supportMessages,
  '2026_11_24_2210_create_feedback': createFeedback,
  '2026_11_24_2220_create_support_chat': createSupportChat,
  '2026_11_24_2000_after_sales': afterSales,
  '2026_11_24_2500_private_uploads': privateUploads,
  '2026_11_24_2600_referral': referral,
  '2026_11_24_2700_member_shops': memberShops,
  '2026_11_24_2800_after_sale_reason_names': afterSaleReasonNames,
  '2026_11_24_2805_broadcast_stars': broadcastStars,
  '2026_11_24_2820_shop_price_band': shopPriceBand,
  '2026_11_24_2830_sponsor_paths': sponsorPaths,
  '2026_11_24_2900_shop_order_after_sales': shopOrderAfterSales,
  '2026_11_25_2950_session_change_notices': sessionChangeNotices,
  '2026_11_25_3000_pay_methods_change_notice': payMethodsChangeNotice,
  '2026_11_25_3010_payment_payable_no': paymentPayableNo,
  '2026_11_25_3020_after_sale_settings_change_notice': afterSaleSettingsChangeNotice,
  '2026_11_26_1000_after_sale_lines_case_index': afterSaleLinesCaseIndex,
  '2026_11_27_1000_after_sale_units_under_lock': afterSaleUnitsUnderLock,
  '2026_11_28_1000_goods_sold_pending': goodsSoldPending,
  '2026_11_28_2000_review_moderation': reviewModeration,
  '2026_11_28_2100_recharge_refunded': rechargeRefunded,
  '2026_11_28_2200_recharge_tx_hash_normal_form': rechargeTxHashNormalForm,
  '2026_11_28_2300_after_sale_freight': afterSaleFreight,
  '2026_11_28_2350_login_attempts_pending': loginAttemptsPending,
  '2026_11_28_2355_region_names_th_km': regionNamesThKm,
  '2026_11_28_2356_operator_sessions_needs_totp': operatorSessionsNeedsTotp,
  '2026_11_29_0100_withdrawal_reviewers': withdrawalReviewers,
  '2026_11_29_0200_code_request_keys': codeRequestKeys,
  '2026_11_29_0210_certification_document_once': certificationDocumentOnce,
  '2026_11_29_0220_order_points_withheld': orderPointsWithheld,
  '2026_11_29_0230_cambodia_tboung_khmum': cambodiaTboungKhmum,
  '2026_11_29_0300_order_points_rate': orderPointsRate,
  '2026_11_29_0740_approval_request_changes': approvalRequestChanges,
  '2026_11_29_0800_refund_failures': refundFailures,
  '2026_11_29_0810_referral_house_code': referralHouseCode,
  '2026_11_29_1300_adjustment_limits_one_setting': adjustmentLimitsOneSetting,
  '2026_11_29_1430_shop_order_fee_at_payment': shopOrderFeeAtPayment,
  '2026_11_29_1600_transfer_fee': transferFee,
  '2026_11_29_1700_region_names_hu': regionNamesHu,
  '2026_11_30_1100_sale_areas_without_rate': saleAreasWithoutRate,
  '2026_11_30_1000_shop_order_earnings': shopOrderEarnings,
  '2026_11_30_1200_identifiers_name_one_member': identifiersNameOneMember,
  '2026_11_30_1300_content_rows_versioned': contentRowsVersioned,
  '2026_11_30_1400_categories_and_causes_versioned': categoriesAndCausesVersioned,
  '2026_11_30_1500_group_buys_versioned': groupBuysVersioned,
  '2026_11_30_1610_reviews_of_returned_goods': reviewsOfReturnedGoods,
  '2026_11_30_1620_registration_phone_unconfirmed': registrationPhoneUnconfirmed,
  '2026_11_30_1700_provider_ref_mismatch_flag': providerRefMismatchFlag,
  '2026_11_30_1800_news_comment_moderation': newsCommentModeration,
  '2026_11_30_1810_language_packs_change_notice': languagePacksChangeNotice,
  '2026_11_30_1900_login_failures_typed': loginFailuresTyped,
  '2026_11_30_2000_upload_addresses_kept_here': uploadAddressesKeptHere,
  '2026_11_30_2100_after_sale_refund_reason': afterSaleRefundReason,
  '2026_11_30_2215_thailand_districts': thailandDistricts,
  '2026_11_30_2230_city_doubles_jp_tw_my': cityDoubles,
  '2026_11_30_2300_settings_versions': settingsVersions,
  '2026_11_30_2400_console_rows_versioned': consoleRowsVersioned,
  '2026_11_30_2410_settings_cards_versioned': settingsCardsVersioned,
  '2026_11_30_2500_operator_access_issuers': operatorAccessIssuers,
  '2026_11_30_2520_prefectures_in_japanese': prefecturesInJapanese,
  '2026_11_30_2521_hungary_towns_without_districts': hungaryTownsWithoutDistricts,
  '2026_11_30_2522_cambodia_city_doubles': cambodiaCityDoubles,
  '2026_11_30_2600_group_buy_entry_drop_cause': groupBuyEntryDropCause,
  '2026_11_30_2640_goods_names_searchable': goodsNamesSearchable,
  '2026_11_30_2710_certification_document_key': certificationDocumentKey,
  '2026_11_30_2730_operator_actions_via': operatorActionsVia,
  '2026_12_01_0900_shop_status_changed_at': shopStatusChangedAt,
  '2026_12_01_1000_shop_stock_return_reason': shopStockReturnReason,
  '2026_12_01_1110_pv_entry_legs': pvEntryLegs,
  '2026_12_01_1330_operator_action_facts': operatorActionFacts,
  '2026_12_01_1200_pv_day_closings': pvDayClosings,
  '2026_12_02_1410_chat_last_message_kind': chatLastMessageKind,
  '2026_12_02_1500_bank_card_account_once': bankCardAccountOnce,
  '2026_12_02_1620_taiwan_counties_and_cities': taiwanCountiesAndCities,
  '2026_12_02_1630_hong_kong_macao_short_names': hongKongMacaoShortNames,
  '2026_12_02_1900_bank_account_one_member': bankAccountOneMember,
  '2026_12_02_1930_refund_reduced_from_and_restock_case': refundReducedFromAndRestockCase,
  '2026_12_03_1700_pair_results_debt_netted': pairResultsDebtNetted,
  '2026_12_03_2010_uploads_by_member_and_time': uploadsByMemberAndTime,
};
