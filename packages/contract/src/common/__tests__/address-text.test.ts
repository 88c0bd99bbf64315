import { describe, expect, it } from 'vitest';
import { addressText } from '../address-text.js';

describe('an address on one line, as its country writes it', () => {
  it('writes a Japanese address from the postal code and the prefecture down to the street, without commas', () => {
    const tokyo = { country_code: 'JP', country_name: '日本', province: '東京都', city: '渋谷区', district: '', street: '神南1-2-3', house_number: '', zip_code: '150-0041' };
    expect(addressText(tokyo)).toBe('〒150-0041 東京都渋谷区神南1-2-3 日本');
    expect(addressText({ ...tokyo, country_name: '' })).toBe('〒150-0041 東京都渋谷区神南1-2-3');
    // The code as people type it: without its hyphen, or with its mark already.
    expect(addressText({ ...tokyo, zip_code: '1500041', country_name: '' })).toBe('〒150-0041 東京都渋谷区神南1-2-3');
    expect(addressText({ ...tokyo, zip_code: '〒150-0041', country_name: '' })).toBe('〒150-0041 東京都渋谷区神南1-2-3');
    // The building after the street, apart from it.
    expect(addressText({ ...tokyo, house_number: '渋谷ビル501', country_name: 'Japan' })).toBe('〒150-0041 東京都渋谷区神南1-2-3 渋谷ビル501 Japan');
  });

  it('writes Chinese and Taiwanese addresses big to small, a city that is its own province once, and Korean ones with spaces', () => {
    expect(addressText({ country_code: 'CN', country_name: '中国', province: '广东省', city: '深圳市', district: '南山区', street: '科技园路1号', zip_code: '518000' })).toBe('518000 广东省深圳市南山区科技园路1号 中国');
    expect(addressText({ country_code: 'CN', province: '北京市', city: '北京市', district: '朝阳区', street: '建国路88号' })).toBe('北京市朝阳区建国路88号');
    expect(addressText({ country_code: 'TW', province: '臺北市', district: '中正區', street: '重慶南路一段122號', zip_code: '100' })).toBe('100 臺北市中正區重慶南路一段122號');
    expect(addressText({ country_code: 'KR', province: '서울특별시', city: '강남구', street: '테헤란로 123', zip_code: '06236' })).toBe('06236 서울특별시 강남구 테헤란로 123');
  });

  it('runs two places together only where both meet in the country\'s script, else puts a space between them', () => {
    const jingumae = { country_code: 'JP', country_name: '日本', province: '東京都', city: 'Shibuya-ku', street: '神宮前1-2-3', house_number: '101号室', zip_code: '150-0001' };
    expect(addressText(jingumae)).toBe('〒150-0001 東京都 Shibuya-ku 神宮前1-2-3 101号室 日本');
    expect(addressText({ ...jingumae, province: 'Tokyo', country_name: 'Jepang' })).toBe('〒150-0001 Tokyo Shibuya-ku 神宮前1-2-3 101号室 Jepang');
    expect(addressText({ ...jingumae, city: '渋谷区' })).toBe('〒150-0001 東京都渋谷区神宮前1-2-3 101号室 日本');
    // A street that starts with its number, after a place in the country's script.
    expect(addressText({ ...jingumae, city: '渋谷区', street: '1-2-3 神宮前' })).toBe('〒150-0001 東京都渋谷区 1-2-3 神宮前 101号室 日本');
    expect(addressText({ country_code: 'CN', province: 'Guangdong', city: '广州市', district: '天河区', street: '天河路385号' })).toBe('Guangdong 广州市天河区天河路385号');
  });

  it('keeps the street-first order with commas elsewhere, and for such an address written in Latin letters', () => {
    expect(addressText({ country_code: 'TH', country_name: 'Thailand', province: 'Bangkok', city: 'Khlong Toei', district: '', street: '99/1 ถนนสุขุมวิท', house_number: '', zip_code: '10110' })).toBe('99/1 ถนนสุขุมวิท, Khlong Toei, Bangkok, 10110, Thailand');
    expect(addressText({ country_code: 'MY', country_name: 'Malaysia', province: 'Johor', street: 'Jalan Rahmat', house_number: '5', zip_code: '83000' })).toBe('Jalan Rahmat, 5, Johor, 83000, Malaysia');
    expect(addressText({ country_code: 'JP', country_name: 'Japan', province: 'Tokyo', city: 'Shibuya-ku', street: '1-2-3 Jinnan', zip_code: '150-0041' })).toBe('1-2-3 Jinnan, Shibuya-ku, Tokyo, 150-0041, Japan');
    // Places picked in the country's script, the street typed in Latin letters: street first.
    expect(addressText({ country_code: 'CN', country_name: 'China', province: 'Guangdong', city: '广州市', district: '天河区', street: 'Tianhe Road 385' })).toBe('Tianhe Road 385, 天河区, 广州市, Guangdong, China');
  });
});
