import { addToCart, countCartGoods, listCart, removeFromCart, selectAllCartItems, updateCartItem, updateCartItems } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './cart.service.js';

export function cartRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(addToCart, ({ body, actor }) => service.addCartItem(db, actor, body));
  handle(removeFromCart, ({ body, actor }) => service.removeCartItems(db, actor, body));
  handle(updateCartItem, ({ body, actor }) => service.updateCartLine(db, actor, body));
  handle(updateCartItems, ({ body, actor }) => service.updateCartLines(db, actor, body));
  handle(selectAllCartItems, ({ body, actor }) => service.selectAllCartLines(db, actor, body));
  handle(listCart, ({ actor }) => service.getCart(db, actor));
  handle(countCartGoods, ({ actor }) => service.countCart(db, actor));
}
