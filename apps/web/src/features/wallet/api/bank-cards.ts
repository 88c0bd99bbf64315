import { addBankCard, deleteBankCard, getBankCard, listBankBranches, listBankCards, listBanksByType, listWithdrawalChannels, updateBankCard } from '@shop/contract/wallet';
import { useEndpointMutation, useEndpointQuery } from '@/lib/endpoint-query';

/** The member's bank cards, account numbers masked. */
export const useBankCards = () => useEndpointQuery(listBankCards, undefined, { staleTime: 10_000 });

/** The banks (or e-wallets) of a country. */
export const useBanks = (country: string, type: 'bank' | 'ewallet') => useEndpointQuery(listBanksByType, { country_code: country, type }, { enabled: Boolean(country), staleTime: 600_000 });

/** The branches of a bank that has them. */
export const useBankBranches = (bankId: number | undefined) => useEndpointQuery(listBankBranches, { id: bankId ?? 0 }, { enabled: Boolean(bankId), staleTime: 600_000 });

/** Adds a bank card in the member's approved real name. */
export const useAddBankCard = () => useEndpointMutation(addBankCard, { invalidates: [listBankCards, listWithdrawalChannels] });

/** Deletes one of the member's bank cards (refused while a withdrawal to it is in flight). */
export const useDeleteBankCard = () => useEndpointMutation(deleteBankCard, { invalidates: [listBankCards, listWithdrawalChannels] });

/** One of the member's bank cards, to edit. */
export const useBankCard = (id: number | undefined) => useEndpointQuery(getBankCard, { id: id ?? 0 }, { enabled: Boolean(id) });

/** Changes one of the member's bank cards (the account number is typed again; it is kept masked). */
export const useUpdateBankCard = () => useEndpointMutation(updateBankCard, { invalidates: [listBankCards, getBankCard, listWithdrawalChannels] });
