import { addToCart, countCartGoods, listCart, removeFromCart, selectAllCartItems, updateCartItem, updateCartItems } from '@shop/contract';
import { actorOf } from '../../lib/actor.js';
import type { Api } from '../../plugins/routes.js';
import * as service from './cart.service.js';

export function cartRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(addToCart, ({ body, member, request }) => service.addCartItem(db, actorOf(request, member), body));
  handle(removeFromCart, ({ body, member, request }) => service.removeCartItems(db, actorOf(request, member), body));
  handle(updateCartItem, ({ body, member, request }) => service.updateCartLine(db, actorOf(request, member), body));
  handle(updateCartItems, ({ body, member, request }) => service.updateCartLines(db, actorOf(request, member), body));
  handle(selectAllCartItems, ({ body, member, request }) => service.selectAllCartLines(db, actorOf(request, member), body));
  handle(listCart, ({ member, request }) => service.getCart(db, actorOf(request, member)));
  handle(countCartGoods, ({ member, request }) => service.countCart(db, actorOf(request, member)));
}
