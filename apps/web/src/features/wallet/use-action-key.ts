// The action key is shared by every area that moves value (wallet forms, charity pledges): it lives in `lib/`.
export { useActionKey } from '@/lib/action-key';
