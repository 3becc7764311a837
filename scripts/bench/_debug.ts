import { benchSellers, benchVouchers } from './bench-catalogue.ts';
const { catalogueEntryOf } = await import('../../functions/src/repositories/voucher-repository.ts');
const { selectCatalogue } = await import('../../functions/src/services/catalogue/select-catalogue.ts');
const vouchers = benchVouchers(10000, benchSellers(200), new Date());
const entries = vouchers.map(catalogueEntryOf);
let t = performance.now();
selectCatalogue(entries, {}, { page: 1, paginate: 9 }, String);
console.log('index build', (performance.now() - t).toFixed(1));
const queries = { kw: { keyword: 'massage' }, kw2: { keyword: 'kräuter' }, cat: { category_id: 'cat-genuss', price: { from: 1000, to: 5000 } }, low: { sort: 'isLowestPrice', region_id: 2 }, p5: { sort: 'isNewest' }, seller: { seller_id: 'bench-seller-5', sort: 'isMostPopular' } } as const;
for (const [name, q] of Object.entries(queries)) {
  t = performance.now();
  for (let i = 0; i < 50; i++) selectCatalogue(entries, q as never, { page: 5, paginate: 9 }, String);
  console.log(name, ((performance.now() - t) / 50).toFixed(2), 'ms');
}
