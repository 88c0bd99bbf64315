import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { GoodsInfo } from '@shop/contract';
import { prepareApp } from '@/test/helpers';
import { SkuPicker } from '../components/sku-picker';
import { formatPrice } from '../components/price';

beforeAll(() => prepareApp());
afterEach(cleanup);

const sku = (id: number, colour: number, size: number, stock: number, price = 1999) => ({ id, spec_value_ids: [colour, size], spec_text: `${colour}/${size}`, price, market_price: 2999, stock, image: '' });
const goods: GoodsInfo = {
  id: 1, cate_id: 1, cate_name: 'Tops', name: 'Tee', subtitle: '', cover: '/media/demo/goods-1-1.png', images: [], description: '',
  price: 1999, market_price: 2999, currency: 'USD', sales: 0, stock: 10, is_hot: false, is_new: false, status: 'on_sale',
  specs: [
    { id: 1, name: 'Colour', values: [{ id: 11, name: 'Red' }, { id: 12, name: 'Blue' }] },
    { id: 2, name: 'Size', values: [{ id: 21, name: 'M' }, { id: 22, name: 'L' }] },
  ],
  // Blue/L is sold out; Red in both sizes and Blue/M are in stock.
  skus: [sku(1, 11, 21, 4), sku(2, 11, 22, 2, 2199), sku(3, 12, 21, 6), sku(4, 12, 22, 0)],
  comment_total: 0, good_rate: 100, collect_count: 0, is_collected: false, warranty_months: 0, group_buy: null,
};

function Harness({ onConfirm }: { onConfirm: (skuId: number, quantity: number) => void }) {
  const [selected, setSelected] = useState<Record<number, number>>({});
  return (
    <SkuPicker goods={goods} visible selected={selected} onSelect={setSelected} onClose={() => {}} onConfirm={(s, q) => onConfirm(s.id, q)} />
  );
}

describe('the SKU picker', () => {
  it('lets only SKUs in stock be chosen and shows the chosen one with its own price and stock', () => {
    const confirm = vi.fn();
    render(<Harness onConfirm={confirm} />);
    expect(screen.getByText('Please choose Colour')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Blue' }));
    expect((screen.getByRole('radio', { name: 'L' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'M' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Red' }));
    fireEvent.click(screen.getByRole('radio', { name: 'L' }));
    expect(screen.getByTestId('sku-stock').textContent).toBe('In stock: 2');
    expect(screen.getByText('$21.99')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(confirm).toHaveBeenCalledWith(2, 1);
  });

  it('names its quantity field "Quantity" for a screen reader, which reads its number', () => {
    render(<Harness onConfirm={vi.fn()} />);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    expect(quantity.value).toBe('1');
  });

  it('keeps the buttons off until a SKU is chosen', () => {
    const confirm = vi.fn();
    render(<Harness onConfirm={confirm} />);
    const buy = screen.getByRole('button', { name: 'Buy now' }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    fireEvent.click(buy);
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('prices', () => {
  it("are written with the currency's sign and decimals and the language's grouping", () => {
    expect(formatPrice(12345, 'USD', 'en-us')).toBe('$123.45');
    expect(formatPrice(136699, 'USD', 'en-us')).toBe('$1,366.99');
    expect(formatPrice(1009524, 'THB', 'th')).toBe('฿10,095.24');
    expect(formatPrice(1500, 'JPY', 'jp')).toBe('￥1,500');
    expect(formatPrice(7, 'XYZ', 'en-us')).toMatch(/^XYZ\s0\.07$/);
  });
});
